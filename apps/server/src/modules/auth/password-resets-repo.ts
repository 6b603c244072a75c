import { and, asc, count, eq, gt, lt, lte } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { passwordResetGuesses, passwordResetLinks } from '../../db/schema/index.ts';

export type ResetLinkRow = typeof passwordResetLinks.$inferSelect;

/** Reset links and the reset codes compared per account (issue 24, 3). */
export class PasswordResetsRepo extends Repo {
  /** Stores a link and drops the user's expired ones: a user has at most a mail budget's worth live. */
  async saveLink(link: ResetLinkRow): Promise<void> {
    await this.db
      .delete(passwordResetLinks)
      .where(and(eq(passwordResetLinks.userId, link.userId), lte(passwordResetLinks.expiresAt, link.sentAt)));
    await this.db.insert(passwordResetLinks).values(link);
  }

  /**
   * Uses the live link with this hash: deleted and returned in one statement, so of two concurrent uses only
   * one gets it. Undefined when it is unknown, used or expired.
   */
  async takeLink(tokenHash: string, now: Date): Promise<ResetLinkRow | undefined> {
    const [row] = await this.db
      .delete(passwordResetLinks)
      .where(and(eq(passwordResetLinks.tokenHash, tokenHash), gt(passwordResetLinks.expiresAt, now)))
      .returning();
    return row;
  }

  /** A successful reset ends every link the user was mailed. */
  async deleteLinksOf(userId: string): Promise<void> {
    await this.db.delete(passwordResetLinks).where(eq(passwordResetLinks.userId, userId));
  }

  async insertGuess(account: string, guessedAt: Date): Promise<number> {
    const [row] = await this.db
      .insert(passwordResetGuesses)
      .values({ account, guessedAt })
      .returning({ id: passwordResetGuesses.id });
    return row.id;
  }

  async deleteGuess(id: number): Promise<void> {
    await this.db.delete(passwordResetGuesses).where(eq(passwordResetGuesses.id, id));
  }

  async deleteGuessesBefore(time: Date): Promise<void> {
    await this.db.delete(passwordResetGuesses).where(lt(passwordResetGuesses.guessedAt, time));
  }

  /** The guesses at `account` after `since`, and when the oldest of them was made. */
  async guessesSince(account: string, since: Date): Promise<{ count: number; oldest: Date | undefined }> {
    const where = and(eq(passwordResetGuesses.account, account), gt(passwordResetGuesses.guessedAt, since));
    const [counted] = await this.db.select({ count: count() }).from(passwordResetGuesses).where(where);
    const [oldest] = await this.db
      .select({ guessedAt: passwordResetGuesses.guessedAt })
      .from(passwordResetGuesses)
      .where(where)
      .orderBy(asc(passwordResetGuesses.guessedAt))
      .limit(1);
    return { count: counted.count, oldest: oldest?.guessedAt };
  }
}
