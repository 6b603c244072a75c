import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Repo } from '../../db/repo.ts';
import {
  authEvents,
  confirmationCodes,
  refreshTokens,
  sessions,
  users,
  type CodePurpose,
} from '../../db/schema/index.ts';
import type { SessionInvalidation } from './session-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CodeRow = typeof confirmationCodes.$inferSelect;
export type AuthEventRow = typeof authEvents.$inferSelect;
export type NewAuthEvent = typeof authEvents.$inferInsert;

export interface LiveSession {
  user: UserRow;
  startedAt: Date;
}

/** Users, sessions, refresh tokens, confirmation codes and authentication events. */
export class AuthRepo extends Repo {
  /** Every authenticated request runs this; prepared once, it skips query building and planning. */
  private readonly liveSession;

  /** `invalidation`: told by the writes below before they return, so this process never serves what they ended. */
  constructor(
    db: Db,
    private readonly invalidation?: SessionInvalidation,
  ) {
    super(db);
    this.liveSession = db
      .select({ user: users, startedAt: sessions.createdAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .prepare('find_live_session');
  }

  async findUserByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, login.toLowerCase()), eq(users.username, login)));
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async insertUser(user: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(user).returning();
    return row;
  }

  /** Inserts the user unless the e-mail or username is taken (e.g. by a concurrent registration). */
  async insertUserIfNew(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return row;
  }

  async updateUser(id: string, patch: Partial<NewUser>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    this.invalidation?.forgetUser(id);
    return row;
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
    this.invalidation?.forgetUser(id);
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row.n;
  }

  /** Replaces the code the same client asked for before: only the latest code mailed to a requester works. */
  async saveCode(code: CodeRow): Promise<void> {
    await this.db
      .insert(confirmationCodes)
      .values(code)
      .onConflictDoUpdate({
        target: [confirmationCodes.userId, confirmationCodes.purpose, confirmationCodes.requester],
        set: code,
      });
  }

  /** Counts one try at the code `requester` asked for and returns it as counted; undefined when there is none. */
  async takeCodeAttempt(
    userId: string,
    purpose: CodePurpose,
    requester: string,
  ): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .update(confirmationCodes)
      .set({ failedAttempts: sql`${confirmationCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(confirmationCodes.userId, userId),
          eq(confirmationCodes.purpose, purpose),
          eq(confirmationCodes.requester, requester),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Uses up every code of the user for `purpose` (the one checked and those other clients asked for); false when
   * the checked one was no longer among them: another request used or replaced it.
   */
  async consumeCode(userId: string, purpose: CodePurpose, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .delete(confirmationCodes)
      .where(and(eq(confirmationCodes.userId, userId), eq(confirmationCodes.purpose, purpose)))
      .returning({ codeHash: confirmationCodes.codeHash });
    return rows.some((row) => row.codeHash === codeHash);
  }

  /** Ends every code of the user for `purpose` (a reset by link ends the reset codes). */
  async deleteCodes(userId: string, purpose: CodePurpose): Promise<void> {
    await this.db
      .delete(confirmationCodes)
      .where(and(eq(confirmationCodes.userId, userId), eq(confirmationCodes.purpose, purpose)));
  }

  /** `createdAt` on the service's clock, which also judges the session's absolute lifetime. */
  async createSession(userId: string, createdAt: Date): Promise<string> {
    const [row] = await this.db.insert(sessions).values({ userId, createdAt }).returning({ id: sessions.id });
    return row.id;
  }

  /** Idempotent: two concurrent rotations of one token insert the same (derived) successor once. */
  async insertRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt }).onConflictDoNothing();
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a refresh token used; false when another request used it first. */
  async markRefreshTokenUsed(tokenHash: string, usedAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    return rows.length === 1;
  }

  /** Revokes every live session of the user, but `keep` (the caller's own) when given. */
  async revokeSessionsOf(userId: string, reason: string, keep?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep === undefined ? undefined : ne(sessions.id, keep),
        ),
      );
    this.invalidation?.forgetUser(userId);
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.invalidation?.forgetSession(sessionId);
  }

  /**
   * The signed-in user behind an unrevoked session and when it began (its caller judges the absolute lifetime,
   * so a cached answer can be judged again later); undefined when it is revoked or gone.
   */
  async findLiveSession(sessionId: string): Promise<LiveSession | undefined> {
    const [row] = await this.liveSession.execute({ sessionId });
    return row;
  }

  async insertEvent(event: NewAuthEvent): Promise<void> {
    await this.db.insert(authEvents).values(event);
  }

  async listEvents(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuthEventRow[]; total: number }> {
    const where = eq(authEvents.userId, userId);
    const rows = await this.db
      .select()
      .from(authEvents)
      .where(where)
      .orderBy(desc(authEvents.createdAt))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db.select({ n: count() }).from(authEvents).where(where);
    return { rows, total: n };
  }
}
