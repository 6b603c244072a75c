import { createHash } from 'node:crypto';
import { LOCAL_MARKETPLACE_TOKEN_PREFIX } from '@hivqe/contract';
import {
  MarketplaceTokenError,
  type EntitlementCheck,
  type MarketplaceProvider,
  type ResolvedCustomer,
} from './marketplace.ts';

export const LOCAL_PRODUCT_CODE = 'hivqe-local';
const CUSTOMER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The embedded marketplace: a token `local-<customer>` resolves to the customer `local-<customer>` with a
 * stable made-up 12-digit account. It keeps no state of its own; subscribe and cancel are simulated through the
 * same notifications AWS would send, so the stored state is the truth.
 */
export class LocalMarketplace implements MarketplaceProvider {
  readonly mode = 'local';

  constructor(readonly productCode: string = LOCAL_PRODUCT_CODE) {}

  async resolveCustomer(token: string): Promise<ResolvedCustomer> {
    const customer = token.startsWith(LOCAL_MARKETPLACE_TOKEN_PREFIX)
      ? token.slice(LOCAL_MARKETPLACE_TOKEN_PREFIX.length)
      : '';
    if (!CUSTOMER.test(customer)) throw new MarketplaceTokenError('not a local marketplace token');
    const accountId = localAccountIdOf(customer);
    return {
      customerIdentifier: `${LOCAL_MARKETPLACE_TOKEN_PREFIX}${customer}`,
      customerAwsAccountId: accountId,
      productCode: this.productCode,
      licenseArn: `arn:aws:license-manager::${accountId}:license:l-local-${customer}`,
    };
  }

  async entitlement(): Promise<EntitlementCheck | null> {
    return null;
  }
}

/** The same customer always gets the same 12-digit account. */
export function localAccountIdOf(customer: string): string {
  const digest = createHash('sha256').update(customer).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 12n).toString().padStart(12, '0');
}
