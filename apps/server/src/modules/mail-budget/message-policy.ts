import type { UserRow } from '../auth/repo.ts';
import type { SubscriptionsRepo } from '../priorities/subscriptions.ts';

/**
 * Who may put words of their own in an invitation mail sent under our name (issue 24, 2): system
 * administrators, and users with an active subscription of their own, a customer known to the marketplace and
 * answerable for what they send. Anyone else invites with the standard text only.
 */
export const subscribedOrAdmin =
  (subscriptions: SubscriptionsRepo, now: () => Date) =>
  async (user: UserRow): Promise<boolean> =>
    user.isSystemAdmin || (await subscriptions.activeSubscription(user.id, now())) !== undefined;
