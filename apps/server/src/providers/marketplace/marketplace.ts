import type { MarketplaceMode } from '@hivqe/contract';

/** A customer as the marketplace resolves a registration token (ResolveCustomer). */
export interface ResolvedCustomer {
  customerIdentifier: string;
  customerAwsAccountId: string;
  productCode: string;
  licenseArn: string | null;
}

export interface CustomerRef {
  customerIdentifier: string;
  customerAwsAccountId: string;
}

/** What GetEntitlements says of a customer now: entitled (until expiresAt, if any) or not. */
export type EntitlementCheck = { entitled: true; expiresAt: Date | null } | { entitled: false };

/** The token was refused: invalid, expired or already used. */
export class MarketplaceTokenError extends Error {}
/** The marketplace could not be reached or throttled the call; worth retrying later. */
export class MarketplaceUnavailableError extends Error {}

/** AWS Marketplace SaaS, or the local marketplace that stands in for it. */
export interface MarketplaceProvider {
  readonly mode: MarketplaceMode;
  /** The product this deployment sells; registrations and notifications for others are refused. */
  readonly productCode: string;
  resolveCustomer(token: string): Promise<ResolvedCustomer>;
  /** The customer's entitlement now, or null when this marketplace reports none (local: the stored state stands). */
  entitlement(customer: CustomerRef): Promise<EntitlementCheck | null>;
}
