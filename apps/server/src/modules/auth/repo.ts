import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authEvents, confirmationCodes, refreshTokens, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CodeRow = typeof confirmationCodes.$inferSelect;
export type AuthEventRow = typeof authEvents.$inferSelect;
export type NewAuthEvent = typeof authEvents.$inferInsert;

/** Users, sessions, refresh tokens, confirmation codes and authentication events. */
export class AuthRepo {
  /** Every authenticated request runs this; prepared once, it skips query building and planning. */
  private readonly sessionUser;

  constructor(private readonly db: Db) {
    this.sessionUser = db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .prepare('find_session_user');
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

  async updateUser(id: string, patch: Partial<NewUser>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row.n;
  }

  async saveCode(code: CodeRow): Promise<void> {
    await this.db
      .insert(confirmationCodes)
      .values(code)
      .onConflictDoUpdate({ target: confirmationCodes.userId, set: code });
  }

  async findCode(userId: string): Promise<CodeRow | undefined> {
    const [row] = await this.db.select().from(confirmationCodes).where(eq(confirmationCodes.userId, userId));
    return row;
  }

  async countCodeFailure(userId: string): Promise<void> {
    await this.db
      .update(confirmationCodes)
      .set({ failedAttempts: sql`${confirmationCodes.failedAttempts} + 1` })
      .where(eq(confirmationCodes.userId, userId));
  }

  async deleteCode(userId: string): Promise<void> {
    await this.db.delete(confirmationCodes).where(eq(confirmationCodes.userId, userId));
  }

  async createSession(userId: string): Promise<string> {
    const [row] = await this.db.insert(sessions).values({ userId }).returning({ id: sessions.id });
    return row.id;
  }

  async insertRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
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

  /** Marks a refresh token used; false when another request used it first (the race counts as reuse). */
  async markRefreshTokenUsed(tokenHash: string): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    return rows.length === 1;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** The signed-in user behind a live session, or undefined when the session is revoked or gone. */
  async findSessionUser(sessionId: string): Promise<UserRow | undefined> {
    const [row] = await this.sessionUser.execute({ sessionId });
    return row?.user;
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
