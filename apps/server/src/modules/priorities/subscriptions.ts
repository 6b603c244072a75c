import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { marketplaceSubscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof marketplaceSubscriptions.$inferSelect;

/**
 * Active: entitled now. pending_cancel still counts (the customer stays entitled until the cancellation is
 * processed); an expiry in the past ends it whatever the status.
 */
export function activeSubscription(now: Date): SQL {
  return and(
    inArray(marketplaceSubscriptions.status, ['active', 'pending_cancel']),
    or(isNull(marketplaceSubscriptions.expiresAt), gt(marketplaceSubscriptions.expiresAt, now)),
  ) as SQL;
}

/** Users' own marketplace subscriptions; the marketplace integration writes them, permissions read them. */
export class SubscriptionsRepo extends Repo {
  async activeSubscription(userId: string, now: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketplaceSubscriptions)
      .where(and(eq(marketplaceSubscriptions.userId, userId), activeSubscription(now)));
    return row;
  }

  /** The user's subscription whatever its state, for the marketplace page. */
  async subscriptionOf(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.userId, userId));
    return row;
  }
}
