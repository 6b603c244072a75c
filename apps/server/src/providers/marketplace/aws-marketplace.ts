import {
  GetEntitlementsCommand,
  MarketplaceEntitlementServiceClient,
  type Entitlement,
} from '@aws-sdk/client-marketplace-entitlement-service';
import {
  ExpiredTokenException,
  InvalidTokenException,
  MarketplaceMeteringClient,
  ResolveCustomerCommand,
} from '@aws-sdk/client-marketplace-metering';
import {
  MarketplaceTokenError,
  MarketplaceUnavailableError,
  type CustomerRef,
  type EntitlementCheck,
  type MarketplaceProvider,
  type ResolvedCustomer,
} from './marketplace.ts';
import { awsClientConfig } from '../aws/client-config.ts';

/** AWS Marketplace's SaaS APIs answer in us-east-1 only. */
const MARKETPLACE_REGION = 'us-east-1';

/** AWS Marketplace SaaS: ResolveCustomer for registrations, GetEntitlements for the subscription state. */
export class AwsMarketplace implements MarketplaceProvider {
  readonly mode = 'aws';
  private readonly metering = new MarketplaceMeteringClient(awsClientConfig({ region: MARKETPLACE_REGION }));
  private readonly entitlements = new MarketplaceEntitlementServiceClient(
    awsClientConfig({ region: MARKETPLACE_REGION }),
  );

  constructor(readonly productCode: string) {}

  async resolveCustomer(token: string): Promise<ResolvedCustomer> {
    const answer = await this.call(() =>
      this.metering.send(new ResolveCustomerCommand({ RegistrationToken: token })),
    );
    if (!answer.CustomerIdentifier || !answer.ProductCode || !answer.CustomerAWSAccountId) {
      throw new MarketplaceTokenError('ResolveCustomer answered without a customer');
    }
    return {
      customerIdentifier: answer.CustomerIdentifier,
      customerAwsAccountId: answer.CustomerAWSAccountId,
      productCode: answer.ProductCode,
      licenseArn: answer.LicenseArn ?? null,
    };
  }

  /** Entitled when the product has any entitlement for the customer; the latest expiry wins. */
  async entitlement(customer: CustomerRef): Promise<EntitlementCheck> {
    const found: Entitlement[] = [];
    let nextToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.entitlements.send(
          new GetEntitlementsCommand({
            ProductCode: this.productCode,
            Filter: { CUSTOMER_IDENTIFIER: [customer.customerIdentifier] },
            NextToken: nextToken,
          }),
        ),
      );
      found.push(...(page.Entitlements ?? []));
      nextToken = page.NextToken;
    } while (nextToken);
    if (found.length === 0) return { entitled: false };
    const expiries = found.map((entitlement) => entitlement.ExpirationDate);
    if (expiries.some((expiry) => !expiry)) return { entitled: true, expiresAt: null };
    return { entitled: true, expiresAt: new Date(Math.max(...expiries.map((expiry) => expiry!.getTime()))) };
  }

  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof InvalidTokenException || error instanceof ExpiredTokenException) {
        throw new MarketplaceTokenError(error.message);
      }
      throw new MarketplaceUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }
}
