import { and, eq, isNull, lt } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The Idempotency-Key claims of create requests (0018_idempotency_keys). */
export class IdempotencyRepo extends Repo {
  /** Removes every key created before `before` (idempotency_keys_created_idx). */
  async forgetBefore(before: Date): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  }

  /** Claims the user's key for a request; false when a request claimed it first (the primary key decides). */
  async claim(userId: string, key: string, requestHash: string, now: Date): Promise<boolean> {
    const claimed = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return claimed.length === 1;
  }

  async find(userId: string, key: string): Promise<IdempotencyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  }

  /** Keeps the answer every retry with the key repeats. */
  async answer(userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ statusCode, response })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Removes `claim` if it is still unanswered and still the same claim (not one a faster retry made since). */
  async releaseAbandoned(claim: IdempotencyRow): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, claim.userId),
          eq(idempotencyKeys.key, claim.key),
          eq(idempotencyKeys.createdAt, claim.createdAt),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }

  /** Gives a claim up when its request failed, so that a retry runs it again; an answered key stays. */
  async release(userId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }
}
