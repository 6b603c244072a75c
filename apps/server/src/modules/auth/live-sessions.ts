import type { ChangeEvents } from '../../db/change-events.ts';
import { readFresh } from '../../db/fresh-read.ts';
import type { AuthRepo, LiveSession } from './repo.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * The live session behind an access token, read from the database or, when the database has confirmed that
 * nothing changed it since it was read, from the cache: a logout, revocation, deletion or role change in any
 * process is seen by the next request (see ChangeEvents.settled).
 */
export class LiveSessions {
  constructor(
    private readonly repo: AuthRepo,
    private readonly cache: SessionCache,
    private readonly events: ChangeEvents,
  ) {}

  find(sessionId: string): Promise<LiveSession | undefined> {
    const entry = {
      get: () => this.cache.get(sessionId),
      mark: () => this.cache.mark(),
      put: (session: LiveSession | undefined, mark: number) => {
        if (session) this.cache.put(sessionId, session, mark);
      },
    };
    return readFresh(entry, this.events, () => this.repo.findLiveSession(sessionId));
  }
}
