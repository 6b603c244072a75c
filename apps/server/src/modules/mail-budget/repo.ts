import { and, asc, count, countDistinct, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { mailSends, type MailKind } from '../../db/schema/index.ts';

export type NewMailSend = typeof mailSends.$inferInsert;

/**
 * Which rows a budget counts: a kind, and a recipient, a sender or a client address (or two of them). A row sent
 * at t counts in the windows that end in (t, t + window].
 */
export interface MailFilter {
  kind: MailKind;
  recipient?: string;
  senderId?: string;
  clientIp?: string;
}

function matching(filter: MailFilter, since: Date): SQL {
  return and(
    eq(mailSends.kind, filter.kind),
    gt(mailSends.sentAt, since),
    filter.recipient !== undefined ? eq(mailSends.recipient, filter.recipient) : undefined,
    filter.senderId !== undefined ? eq(mailSends.senderId, filter.senderId) : undefined,
    filter.clientIp !== undefined ? eq(mailSends.clientIp, filter.clientIp) : undefined,
  ) as SQL;
}

/** The mails users caused, one row each, kept as long as the longest budget window. */
export class MailSendsRepo extends Repo {
  async insert(row: NewMailSend): Promise<number> {
    const [inserted] = await this.db.insert(mailSends).values(row).returning({ id: mailSends.id });
    return inserted.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(mailSends).where(eq(mailSends.id, id));
  }

  /** How many rows match since `since`, and when the oldest of them was sent. */
  async window(filter: MailFilter, since: Date): Promise<{ count: number; oldest: Date | undefined }> {
    const [counted] = await this.db.select({ count: count() }).from(mailSends).where(matching(filter, since));
    const [oldest] = await this.db
      .select({ sentAt: mailSends.sentAt })
      .from(mailSends)
      .where(matching(filter, since))
      .orderBy(asc(mailSends.sentAt))
      .limit(1);
    return { count: counted.count, oldest: oldest?.sentAt };
  }

  /** The other addresses `senderId` mailed `kind` to since `since`, counted once each, and the earliest time. */
  async otherRecipients(
    filter: MailFilter & { senderId: string; recipient: string },
    since: Date,
  ): Promise<{ count: number; oldest: Date | undefined }> {
    const where = and(
      matching({ kind: filter.kind, senderId: filter.senderId }, since),
      ne(mailSends.recipient, filter.recipient),
    );
    const [counted] = await this.db
      .select({ count: countDistinct(mailSends.recipient) })
      .from(mailSends)
      .where(where);
    const [oldest] = await this.db
      .select({ sentAt: mailSends.sentAt })
      .from(mailSends)
      .where(where)
      .orderBy(asc(mailSends.sentAt))
      .limit(1);
    return { count: counted.count, oldest: oldest?.sentAt };
  }

  async deleteBefore(before: Date): Promise<void> {
    await this.db.delete(mailSends).where(lt(mailSends.sentAt, before));
  }
}
