import { MarketplaceEntitlementServiceClient } from '@aws-sdk/client-marketplace-entitlement-service';
import { MarketplaceMeteringClient } from '@aws-sdk/client-marketplace-metering';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach } from 'vitest';

/** Mocks of both AWS Marketplace clients for the calling file: reset before each test, restored after all. */
export function mockMarketplaceClients() {
  const metering = mockClient(MarketplaceMeteringClient);
  const entitlements = mockClient(MarketplaceEntitlementServiceClient);
  beforeEach(() => {
    metering.reset();
    entitlements.reset();
  });
  afterAll(() => {
    metering.restore();
    entitlements.restore();
  });
  return { metering, entitlements };
}
