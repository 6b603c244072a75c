import type { MarketplaceSubscriptionResponse, SubscriptionStatus } from '@hivqe/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketplaceProvider } from '../../providers/marketplace/marketplace.ts';
import type {
  MarketplaceNotification,
  NotificationAction,
} from '../../providers/marketplace/notifications.ts';
import type { UserRow } from '../auth/repo.ts';
import type { SubscriptionsRepo } from '../priorities/subscriptions.ts';
import type { CustomerState, MappingRow, MarketplaceRepo } from './repo.ts';

/** What each subscription notification makes of the customer's state; entitlement-updated asks the marketplace. */
const NOTIFIED_STATUS: Record<Exclude<NotificationAction, 'entitlement-updated'>, SubscriptionStatus> = {
  'subscribe-success': 'active',
  'subscribe-fail': 'inactive',
  'unsubscribe-pending': 'pending_cancel',
  'unsubscribe-success': 'inactive',
};

export interface SubscriptionStatesDeps {
  repo: MarketplaceRepo;
  subscriptions: SubscriptionsRepo;
  marketplace: MarketplaceProvider;
  now: () => Date;
  log?: FastifyBaseLogger;
}

/**
 * Keeps each marketplace customer's subscription state current (notifications, GetEntitlements) and copies a
 * linked customer's state to the account's marketplace_subscriptions row, which job permissions read.
 */
export class SubscriptionStates {
  constructor(private readonly deps: SubscriptionStatesDeps) {}

  /** Applies a notification; one for another product or an unknown customer changes nothing (false). */
  async notify(notification: MarketplaceNotification): Promise<boolean> {
    const { repo, marketplace } = this.deps;
    if (notification.productCode !== marketplace.productCode) return false;
    const mapping = await repo.byCustomer(notification.customerIdentifier, notification.productCode);
    if (!mapping) {
      this.deps.log?.warn({ notification }, 'marketplace notification for an unregistered customer');
      return false;
    }
    if (notification.action === 'entitlement-updated') return this.refresh(mapping);
    const status = NOTIFIED_STATUS[notification.action];
    await this.apply(mapping, status === 'active' ? { status, verifiedAt: this.deps.now() } : { status });
    return true;
  }

  /**
   * Asks the marketplace for the customer's entitlement and stores it: entitled is active until its expiry (an
   * unsubscription in progress stays pending_cancel), none is inactive. False when the marketplace reports none.
   */
  async refresh(mapping: MappingRow): Promise<boolean> {
    const check = await this.deps.marketplace.entitlement(mapping);
    if (!check) return false;
    const status: SubscriptionStatus = !check.entitled
      ? 'inactive'
      : mapping.status === 'pending_cancel'
        ? 'pending_cancel'
        : 'active';
    await this.apply(
      mapping,
      check.entitled ? { status, verifiedAt: this.deps.now(), expiresAt: check.expiresAt } : { status },
    );
    return true;
  }

  /** Every linked customer's entitlement, one at a time; a failure is logged and the rest go on. */
  async syncAll(): Promise<number> {
    let refreshed = 0;
    for (const mapping of await this.deps.repo.allLinked()) {
      try {
        if (await this.refresh(mapping)) refreshed += 1;
      } catch (error) {
        this.deps.log?.error({ err: error, mappingId: mapping.id }, 'marketplace entitlement sync failed');
      }
    }
    return refreshed;
  }

  async apply(mapping: MappingRow, state: CustomerState): Promise<void> {
    const now = this.deps.now();
    await this.deps.repo.transaction(async (repo) => {
      const updated = await repo.setState(mapping.id, state, now);
      if (updated.userId) await repo.saveSubscription(updated.userId, updated, now);
    });
  }

  /** The account's own subscription, as the /marketplace page shows it. */
  async view(user: UserRow): Promise<MarketplaceSubscriptionResponse> {
    const { subscriptions, marketplace } = this.deps;
    const [row, active] = await Promise.all([
      subscriptions.subscriptionOf(user.id),
      subscriptions.activeSubscription(user.id, this.deps.now()),
    ]);
    return {
      mode: marketplace.mode,
      subscription: row
        ? {
            status: row.status,
            active: active !== undefined,
            verified_at: row.verifiedAt?.toISOString() ?? null,
            expires_at: row.expiresAt?.toISOString() ?? null,
            aws_account_id: row.awsAccountId,
            customer_id: row.customerIdentifier,
          }
        : null,
    };
  }
}
