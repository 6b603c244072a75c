import type { AuthRepo, LiveSession } from './repo.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionEvents } from './session-events.ts';

/**
 * The live session behind an access token, read from the database or, when the database has confirmed that
 * nothing changed it since it was read, from the cache: a logout, revocation, deletion or role change in any
 * process is seen by the next request (see SessionEvents.settled).
 */
export class LiveSessions {
  constructor(
    private readonly repo: AuthRepo,
    private readonly cache: SessionCache,
    private readonly events: SessionEvents,
  ) {}

  /** Answers at once, without a promise, when the cache holds the session and no change can be pending. */
  find(sessionId: string): LiveSession | undefined | Promise<LiveSession | undefined> {
    const cached = this.cache.get(sessionId);
    if (cached && this.events.immediate) return cached;
    return this.settleThenFind(sessionId, cached !== undefined);
  }

  private async settleThenFind(sessionId: string, wasCached: boolean): Promise<LiveSession | undefined> {
    if (wasCached && (await this.nothingPending())) {
      // The wait may have delivered a change that cleared the entry.
      const cached = this.cache.get(sessionId);
      if (cached) return cached;
    }
    const mark = this.cache.mark();
    const session = await this.repo.findLiveSession(sessionId);
    if (session) this.cache.put(sessionId, session, mark);
    return session;
  }

  private nothingPending(): Promise<boolean> {
    return this.events.settled().then(
      () => true,
      () => false,
    );
  }
}
