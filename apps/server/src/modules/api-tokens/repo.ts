import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Repo } from '../../db/repo.ts';
import { apiTokens, users } from '../../db/schema/index.ts';
import type { UserRow } from '../auth/repo.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;

export class ApiTokensRepo extends Repo {
  /** Every request with a token runs this; prepared once, like the session lookup. */
  private readonly byHash;

  constructor(db: Db) {
    super(db);
    this.byHash = db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
      .prepare('find_api_token');
  }

  async findByHash(hash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
    const [row] = await this.byHash.execute({ hash });
    return row;
  }

  /** Records a use unless one was recorded after `staleBefore`, so a busy script writes once a minute at most. */
  async touch(id: string, now: Date, staleBefore: Date): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))),
      );
  }

  async listOf(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  }

  /**
   * Inserts the token unless its user already has `max` unexpired ones. The user's row is locked first, so
   * concurrent creations are counted one after another and none slips past the limit.
   */
  async insertCapped(token: NewApiToken, now: Date, max: number): Promise<ApiTokenRow | null> {
    return this.transaction(async (repo) => {
      await repo.db.select({ id: users.id }).from(users).where(eq(users.id, token.userId)).for('update');
      const [{ active }] = await repo.db
        .select({ active: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, token.userId), gt(apiTokens.expiresAt, now)));
      if (active >= max) return null;
      const [row] = await repo.db.insert(apiTokens).values(token).returning();
      return row;
    });
  }

  async delete(userId: string, id: string): Promise<ApiTokenRow | undefined> {
    const [row] = await this.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
      .returning();
    return row;
  }
}
