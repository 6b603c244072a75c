import type { FastifyBaseLogger } from 'fastify';
import { SqsNotificationPoller } from '../../providers/marketplace/sqs-poller.ts';
import type { SubscriptionStates } from './states.ts';

/** How often every linked customer's entitlement is checked with the marketplace. */
export const ENTITLEMENT_SYNC_INTERVAL_MS = 60 * 60 * 1000;

export interface MarketplaceBackgroundOptions {
  states: SubscriptionStates;
  /** MARKETPLACE_SQS_URL; absent: no notifications are read. */
  queueUrl?: string;
  /** AWS_REGION, for the SQS client. */
  region: string;
  log: FastifyBaseLogger;
}

/** With AWS Marketplace: the hourly entitlement sync (also once at start) and the notification poller. */
export function startMarketplaceBackground({ states, queueUrl, region, log }: MarketplaceBackgroundOptions) {
  const sync = () => {
    states
      .syncAll()
      .then((count) => log.info({ count }, 'marketplace entitlements synchronised'))
      .catch((error: unknown) => log.error({ err: error }, 'marketplace entitlement sync failed'));
  };
  sync();
  const timer = setInterval(sync, ENTITLEMENT_SYNC_INTERVAL_MS);
  timer.unref();
  const poller = queueUrl
    ? new SqsNotificationPoller({ queueUrl, region, log, handle: async (n) => void (await states.notify(n)) })
    : undefined;
  poller?.start();
  return {
    async stop() {
      clearInterval(timer);
      await poller?.stop();
    },
  };
}
