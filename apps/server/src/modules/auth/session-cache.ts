import type { ChangeListener } from '../../db/change-events.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { LiveSession } from './repo.ts';

/** Forgets what a write made stale; the writes of this process call it before they answer. */
export interface SessionInvalidation {
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
}

/** Migration 0006_session_notify's triggers notify here: `s:<session id>` or `u:<user id>`, once per changed row. */
const CHANNEL = 'session_change';

interface Entry {
  session: LiveSession;
  expiresAt: number;
}

/**
 * Live sessions recently read from the database, by session id, for `ttlMs` at most: a backstop, since every
 * write that ends a session or changes its user clears the entries it touches (here, and in other processes via
 * the database's notifications). A read that began before a clear is not cached: it may hold what was cleared.
 */
export class SessionCache implements SessionInvalidation {
  private readonly entries: BoundedMap<string, Entry>;
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    maxEntries = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.entries = new BoundedMap(maxEntries);
  }

  get(sessionId: string): LiveSession | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && entry.expiresAt > this.clock()) return entry.session;
    if (entry) this.entries.delete(sessionId);
    return undefined;
  }

  /** Taken before reading the database; `put` ignores the read when anything was cleared since. */
  mark(): number {
    return this.generation;
  }

  put(sessionId: string, session: LiveSession, mark: number): void {
    if (mark !== this.generation) return;
    this.entries.set(sessionId, { session, expiresAt: this.clock() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [sessionId, entry] of this.entries) {
      if (entry.session.user.id === userId) this.entries.delete(sessionId);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Hears the sessions and users tables' changes from every process. */
  listener(): ChangeListener {
    return {
      channel: CHANNEL,
      heard: (payload) => {
        const [kind, id] = (payload ?? '').split(':');
        if (kind === 's' && id) this.forgetSession(id);
        else if (kind === 'u' && id) this.forgetUser(id);
        else this.clear();
      },
      missed: () => this.clear(),
    };
  }
}
