import { GetEntitlementsCommand } from '@aws-sdk/client-marketplace-entitlement-service';
import {
  InvalidTokenException,
  ResolveCustomerCommand,
  ThrottlingException,
} from '@aws-sdk/client-marketplace-metering';
import { describe, expect, it } from 'vitest';
import { mockMarketplaceClients } from '../../../test/marketplace-mocks.ts';
import { AwsMarketplace } from './aws-marketplace.ts';
import { LocalMarketplace, localAccountIdOf } from './local-marketplace.ts';
import { MarketplaceTokenError, MarketplaceUnavailableError } from './marketplace.ts';
import { parseNotification } from './notifications.ts';

const { metering, entitlements } = mockMarketplaceClients();

const CUSTOMER = { customerIdentifier: 'cust-1', customerAwsAccountId: '123456789012' };

describe('LocalMarketplace', () => {
  const local = new LocalMarketplace();

  it('resolves local-<customer> into a customer with a stable 12-digit account', async () => {
    const customer = await local.resolveCustomer('local-acme');
    expect(customer).toEqual({
      customerIdentifier: 'local-acme',
      customerAwsAccountId: localAccountIdOf('acme'),
      productCode: 'hivqe-local',
      licenseArn: `arn:aws:license-manager::${localAccountIdOf('acme')}:license:l-local-acme`,
    });
    expect(customer.customerAwsAccountId).toMatch(/^\d{12}$/);
    expect((await local.resolveCustomer('local-acme')).customerAwsAccountId).toBe(
      customer.customerAwsAccountId,
    );
    expect(localAccountIdOf('other')).not.toBe(customer.customerAwsAccountId);
  });

  it.each(['acme', 'local-', 'local-bad customer', `local-${'x'.repeat(65)}`])(
    'refuses the token %j',
    async (token) => {
      await expect(local.resolveCustomer(token)).rejects.toBeInstanceOf(MarketplaceTokenError);
    },
  );

  it('reports no entitlements: the stored state stands', async () => {
    expect(await local.entitlement()).toBeNull();
  });
});

describe('AwsMarketplace', () => {
  const aws = new AwsMarketplace('prod-code-1');

  it('resolves a registration token with ResolveCustomer', async () => {
    metering.on(ResolveCustomerCommand, { RegistrationToken: 'token-1' }).resolves({
      CustomerIdentifier: 'cust-1',
      CustomerAWSAccountId: '123456789012',
      ProductCode: 'prod-code-1',
      LicenseArn: 'arn:aws:license-manager::123456789012:license:l-1',
    });
    expect(await aws.resolveCustomer('token-1')).toEqual({
      ...CUSTOMER,
      productCode: 'prod-code-1',
      licenseArn: 'arn:aws:license-manager::123456789012:license:l-1',
    });
  });

  it('turns an invalid token into a token error and other failures into unavailability', async () => {
    metering
      .on(ResolveCustomerCommand)
      .rejectsOnce(new InvalidTokenException({ message: 'bad token', $metadata: {} }))
      .rejectsOnce(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    await expect(aws.resolveCustomer('x')).rejects.toBeInstanceOf(MarketplaceTokenError);
    await expect(aws.resolveCustomer('x')).rejects.toBeInstanceOf(MarketplaceUnavailableError);
  });

  it('reads every page of GetEntitlements for the customer; the latest expiry wins', async () => {
    entitlements
      .on(GetEntitlementsCommand)
      .resolvesOnce({
        Entitlements: [{ ProductCode: 'prod-code-1', ExpirationDate: new Date('2027-01-01T00:00:00Z') }],
        NextToken: 'page-2',
      })
      .resolvesOnce({
        Entitlements: [{ ProductCode: 'prod-code-1', ExpirationDate: new Date('2027-06-01T00:00:00Z') }],
      });
    expect(await aws.entitlement(CUSTOMER)).toEqual({
      entitled: true,
      expiresAt: new Date('2027-06-01T00:00:00Z'),
    });
    const calls = entitlements.commandCalls(GetEntitlementsCommand).map((call) => call.args[0].input);
    expect(calls).toEqual([
      { ProductCode: 'prod-code-1', Filter: { CUSTOMER_IDENTIFIER: ['cust-1'] }, NextToken: undefined },
      { ProductCode: 'prod-code-1', Filter: { CUSTOMER_IDENTIFIER: ['cust-1'] }, NextToken: 'page-2' },
    ]);
  });

  it('an entitlement without expiry never ends; none at all is not entitled', async () => {
    entitlements
      .on(GetEntitlementsCommand)
      .resolvesOnce({ Entitlements: [{ ProductCode: 'prod-code-1' }] })
      .resolvesOnce({ Entitlements: [] });
    expect(await aws.entitlement(CUSTOMER)).toEqual({ entitled: true, expiresAt: null });
    expect(await aws.entitlement(CUSTOMER)).toEqual({ entitled: false });
  });
});

describe('parseNotification', () => {
  const message = { action: 'subscribe-success', 'customer-identifier': 'cust-1', 'product-code': 'p1' };
  const expected = { action: 'subscribe-success', customerIdentifier: 'cust-1', productCode: 'p1' };

  it('reads an SNS envelope', () => {
    const body = JSON.stringify({ Type: 'Notification', MessageId: 'm1', Message: JSON.stringify(message) });
    expect(parseNotification(body)).toEqual(expected);
  });

  it('reads raw delivery, with extra fields', () => {
    expect(parseNotification(JSON.stringify({ ...message, 'offer-identifier': 'offer-1' }))).toEqual(
      expected,
    );
  });

  it.each([
    ['not JSON', 'hello'],
    ['an unknown action', JSON.stringify({ ...message, action: 'renamed' })],
    ['no customer', JSON.stringify({ action: 'subscribe-success', 'product-code': 'p1' })],
    ['an envelope around nonsense', JSON.stringify({ Type: 'Notification', Message: 'nope' })],
  ])('ignores %s', (_case, body) => {
    expect(parseNotification(body)).toBeNull();
  });
});
