import {
  GetEntitlementsCommand,
  MarketplaceEntitlementServiceClient,
} from '@aws-sdk/client-marketplace-entitlement-service';
import { MarketplaceMeteringClient, ResolveCustomerCommand } from '@aws-sdk/client-marketplace-metering';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { marketplaceMappings, marketplaceSubscriptions } from '../../db/schema/index.ts';
import { AwsMarketplace } from '../../providers/marketplace/aws-marketplace.ts';
import { LocalMarketplace } from '../../providers/marketplace/local-marketplace.ts';
import type { MarketplaceProvider } from '../../providers/marketplace/marketplace.ts';
import type { NotificationAction } from '../../providers/marketplace/notifications.ts';
import { SqsNotificationPoller } from '../../providers/marketplace/sqs-poller.ts';
import { SubscriptionsRepo } from '../priorities/subscriptions.ts';
import { MarketplaceRepo } from './repo.ts';
import { SubscriptionStates } from './states.ts';

const metering = mockClient(MarketplaceMeteringClient);
const entitlements = mockClient(MarketplaceEntitlementServiceClient);
const sqs = mockClient(SQSClient);
const PRODUCT = 'prod-1';
const silent = pino({ level: 'silent' });
let database: Database;
let t: TestApp;
let states: SubscriptionStates;

function statesFor(marketplace: MarketplaceProvider) {
  return new SubscriptionStates({
    repo: new MarketplaceRepo(database.db),
    subscriptions: new SubscriptionsRepo(database.db),
    marketplace,
    now: () => new Date(),
    log: silent,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  metering.restore();
  entitlements.restore();
  sqs.restore();
  await database.close();
});
beforeEach(async () => {
  metering.reset();
  entitlements.reset();
  sqs.reset();
  const marketplace = new AwsMarketplace(PRODUCT);
  t = await createTestApp({ marketplace }, database);
  states = statesFor(marketplace);
});
afterEach(async () => t.close());

let counter = 0;
/** A user linked to a new AWS customer that GetEntitlements reported entitled at linking time. */
async function linkedCustomer(): Promise<{ user: TestUser; customer: string }> {
  const customer = `cust-${++counter}-${Date.now()}`;
  metering.on(ResolveCustomerCommand).resolves({
    CustomerIdentifier: customer,
    CustomerAWSAccountId: '123456789012',
    ProductCode: PRODUCT,
  });
  entitlements.on(GetEntitlementsCommand).resolves({ Entitlements: [{ ProductCode: PRODUCT }] });
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/marketplace/register',
    payload: 'x-amzn-marketplace-token=token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const mappingId = new URL(registered.headers.location as string, 'http://x').searchParams.get('mapping_id');
  const user = await makeUser(t);
  await call(t.app, 'POST', '/auth/marketplace-mapping/complete', user, { mapping_id: mappingId });
  entitlements.reset();
  return { user, customer };
}

const subscriptionOf = async (user: TestUser) =>
  (
    await database.db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.userId, user.id))
  )[0];
const individualActive = async (user: TestUser) =>
  (await call(t.app, 'GET', '/auth/me/organization-priorities', user)).json()
    .individual_marketplace_subscription.active as boolean;
const notify = (action: NotificationAction, customer: string, productCode = PRODUCT) =>
  states.notify({ action, customerIdentifier: customer, productCode });

describe('marketplace notifications', () => {
  it.each([
    ['unsubscribe-pending', 'pending_cancel', true],
    ['unsubscribe-success', 'inactive', false],
    ['subscribe-fail', 'inactive', false],
  ] as const)('%s makes the subscription %s', async (action, status, active) => {
    const { user, customer } = await linkedCustomer();
    expect(await notify(action, customer)).toBe(true);
    expect((await subscriptionOf(user)).status).toBe(status);
    expect(await individualActive(user)).toBe(active);
  });

  it('subscribe-success makes it active again and verifies it now', async () => {
    const { user, customer } = await linkedCustomer();
    await notify('unsubscribe-success', customer);
    const before = (await subscriptionOf(user)).verifiedAt!;
    expect(await notify('subscribe-success', customer)).toBe(true);
    const after = await subscriptionOf(user);
    expect(after.status).toBe('active');
    expect(after.verifiedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(await individualActive(user)).toBe(true);
  });

  it('entitlement-updated asks GetEntitlements and stores what it says', async () => {
    const { user, customer } = await linkedCustomer();
    entitlements.on(GetEntitlementsCommand).resolves({
      Entitlements: [{ ProductCode: PRODUCT, ExpirationDate: new Date('2099-05-01T00:00:00Z') }],
    });
    expect(await notify('entitlement-updated', customer)).toBe(true);
    expect(await subscriptionOf(user)).toMatchObject({
      status: 'active',
      expiresAt: new Date('2099-05-01T00:00:00Z'),
    });
    entitlements.on(GetEntitlementsCommand).resolves({ Entitlements: [] });
    await notify('entitlement-updated', customer);
    expect((await subscriptionOf(user)).status).toBe('inactive');
  });

  it('an entitlement in the past ends the subscription whatever the status', async () => {
    const { user, customer } = await linkedCustomer();
    entitlements.on(GetEntitlementsCommand).resolves({
      Entitlements: [{ ProductCode: PRODUCT, ExpirationDate: new Date('2020-01-01T00:00:00Z') }],
    });
    await notify('entitlement-updated', customer);
    expect((await subscriptionOf(user)).status).toBe('active');
    expect(await individualActive(user)).toBe(false);
  });

  it('an entitlement keeps an unsubscription in progress pending', async () => {
    const { user, customer } = await linkedCustomer();
    await notify('unsubscribe-pending', customer);
    entitlements.on(GetEntitlementsCommand).resolves({ Entitlements: [{ ProductCode: PRODUCT }] });
    await notify('entitlement-updated', customer);
    expect((await subscriptionOf(user)).status).toBe('pending_cancel');
  });

  it('changes the customer of a mapping not linked yet; linking then carries its state', async () => {
    const customer = `cust-unlinked-${Date.now()}`;
    metering.on(ResolveCustomerCommand).resolves({
      CustomerIdentifier: customer,
      CustomerAWSAccountId: '123456789012',
      ProductCode: PRODUCT,
    });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/register',
      payload: 'x-amzn-marketplace-token=token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await notify('subscribe-fail', customer);
    const [mapping] = await database.db
      .select()
      .from(marketplaceMappings)
      .where(eq(marketplaceMappings.customerIdentifier, customer));
    expect(mapping.status).toBe('inactive');
    entitlements.on(GetEntitlementsCommand).rejects(new Error('unreachable'));
    const user = await makeUser(t);
    const mappingId = new URL(registered.headers.location as string, 'http://x').searchParams.get(
      'mapping_id',
    );
    await call(t.app, 'POST', '/auth/marketplace-mapping/complete', user, { mapping_id: mappingId });
    expect((await subscriptionOf(user)).status).toBe('inactive');
  });

  it('ignores another product and unknown customers', async () => {
    const { user, customer } = await linkedCustomer();
    expect(await notify('unsubscribe-success', customer, 'other-product')).toBe(false);
    expect(await notify('unsubscribe-success', 'nobody')).toBe(false);
    expect((await subscriptionOf(user)).status).toBe('active');
  });
});

describe('the periodic entitlement sync', () => {
  it('checks every linked customer; a failure for one does not stop the others', async () => {
    const first = await linkedCustomer();
    const second = await linkedCustomer();
    entitlements
      .on(GetEntitlementsCommand)
      .resolves({ Entitlements: [] })
      .on(GetEntitlementsCommand, { Filter: { CUSTOMER_IDENTIFIER: [first.customer] } })
      .rejects(new Error('throttled'));
    const refreshed = await states.syncAll();
    expect(refreshed).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(first.user)).status).toBe('active');
    expect((await subscriptionOf(second.user)).status).toBe('inactive');
  });

  it('does nothing with the local marketplace, whose stored state is the truth', async () => {
    const { user } = await linkedCustomer();
    expect(await statesFor(new LocalMarketplace(PRODUCT)).syncAll()).toBe(0);
    expect((await subscriptionOf(user)).status).toBe('active');
    expect(entitlements.commandCalls(GetEntitlementsCommand)).toHaveLength(0);
  });
});

describe('the SQS notification poller', () => {
  const QUEUE = 'https://sqs.us-east-1.amazonaws.com/000000000000/marketplace';
  const poller = () =>
    new SqsNotificationPoller({
      queueUrl: QUEUE,
      region: 'us-east-1',
      log: silent,
      handle: async (notification) => void (await states.notify(notification)),
    });
  const snsBody = (action: string, customer: string) =>
    JSON.stringify({
      Type: 'Notification',
      Message: JSON.stringify({ action, 'customer-identifier': customer, 'product-code': PRODUCT }),
    });

  it('applies each notification and deletes it, dropping messages that are none', async () => {
    const { user, customer } = await linkedCustomer();
    sqs.on(ReceiveMessageCommand).resolves({
      Messages: [
        { MessageId: '1', ReceiptHandle: 'r1', Body: snsBody('unsubscribe-pending', customer) },
        { MessageId: '2', ReceiptHandle: 'r2', Body: 'not a notification' },
      ],
    });
    sqs.on(DeleteMessageCommand).resolves({});
    expect(await poller().pollOnce(0)).toBe(1);
    expect((await subscriptionOf(user)).status).toBe('pending_cancel');
    expect(sqs.commandCalls(ReceiveMessageCommand)[0].args[0].input).toEqual({
      QueueUrl: QUEUE,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
    });
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: QUEUE, ReceiptHandle: 'r1' },
      { QueueUrl: QUEUE, ReceiptHandle: 'r2' },
    ]);
  });

  it('leaves a message it failed to handle on the queue, to come back later', async () => {
    const { customer } = await linkedCustomer();
    entitlements.on(GetEntitlementsCommand).rejects(new Error('unreachable'));
    sqs.on(ReceiveMessageCommand).resolves({
      Messages: [{ MessageId: '1', ReceiptHandle: 'r1', Body: snsBody('entitlement-updated', customer) }],
    });
    expect(await poller().pollOnce(0)).toBe(0);
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
  });

  it('runs until stopped', async () => {
    const { user, customer } = await linkedCustomer();
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [{ MessageId: '1', ReceiptHandle: 'r1', Body: snsBody('unsubscribe-success', customer) }],
      })
      .resolves({ Messages: [] });
    sqs.on(DeleteMessageCommand).resolves({});
    const running = poller();
    running.start();
    await expect.poll(async () => (await subscriptionOf(user)).status).toBe('inactive');
    await running.stop();
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(1);
  });
});
