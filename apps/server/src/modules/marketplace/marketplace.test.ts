import { GetEntitlementsCommand } from '@aws-sdk/client-marketplace-entitlement-service';
import {
  InvalidTokenException,
  ResolveCustomerCommand,
  ThrottlingException,
} from '@aws-sdk/client-marketplace-metering';
import { ADMIN_MESSAGES, MARKETPLACE_MESSAGES } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mockMarketplaceClients } from '../../../test/marketplace-mocks.ts';
import { bearer } from '../../../test/auth-flows.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { marketplaceMappings, marketplaceSubscriptions } from '../../db/schema/index.ts';
import { AwsMarketplace } from '../../providers/marketplace/aws-marketplace.ts';
import { localAccountIdOf } from '../../providers/marketplace/local-marketplace.ts';

const { metering, entitlements } = mockMarketplaceClients();
let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current));

let customers = 0;
const newCustomer = () => `cust${++customers}${Date.now()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function registerToken(app: TestApp['app'], token: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/marketplace/register',
    payload: token === null ? '' : new URLSearchParams({ 'x-amzn-marketplace-token': token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Registers a local customer and returns the mapping id of the redirect. */
async function register(customer = newCustomer(), app = t.app) {
  const res = await registerToken(app, `local-${customer}`);
  expect(res.statusCode).toBe(303);
  return new URL(res.headers.location as string, 'http://x').searchParams.get('mapping_id')!;
}

const complete = (user: TestUser, mappingId: string, app = t.app) =>
  call(app, 'POST', '/auth/marketplace-mapping/complete', user, { mapping_id: mappingId });
const status = (user: TestUser, query = '') =>
  call(t.app, 'GET', `/auth/marketplace-mapping/status${query}`, user);
const individual = async (user: TestUser, app = t.app) =>
  (await call(app, 'GET', '/auth/me/organization-priorities', user)).json()
    .individual_marketplace_subscription;
const subscriptionRow = async (user: TestUser) =>
  (
    await database.db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.userId, user.id))
  )[0];

describe('POST /marketplace/register (the registration URL)', () => {
  it('turns the token into a mapping, sets the cookie and sends the buyer to the marketplace login', async () => {
    const customer = newCustomer();
    const res = await registerToken(t.app, `local-${customer}`);
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('source')).toBe('marketplace');
    const mappingId = location.searchParams.get('mapping_id')!;
    expect(mappingId).toMatch(UUID);
    expect(res.headers['set-cookie']).toBe(
      `marketplace_mapping_id=${mappingId}; Max-Age=14400; Path=/; SameSite=Strict; Secure`,
    );
    const [row] = await database.db
      .select()
      .from(marketplaceMappings)
      .where(eq(marketplaceMappings.id, mappingId));
    expect(row).toMatchObject({
      customerIdentifier: `local-${customer}`,
      customerAwsAccountId: localAccountIdOf(customer),
      productCode: 'hivqe-local',
      licenseArn: `arn:aws:license-manager::${localAccountIdOf(customer)}:license:l-local-${customer}`,
      userId: null,
      status: 'active',
    });
  });

  it('gives the same customer the same mapping when they register again', async () => {
    const customer = newCustomer();
    expect(await register(customer)).toBe(await register(customer));
  });

  it('refuses a missing or invalid token', async () => {
    const missing = await registerToken(t.app, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(MARKETPLACE_MESSAGES.tokenMissing);
    const invalid = await registerToken(t.app, 'not-a-local-token!');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MARKETPLACE_MESSAGES.tokenInvalid);
  });

  describe('with AWS Marketplace', () => {
    let aws: TestApp;
    beforeEach(async () => {
      aws = await createTestApp({ marketplace: new AwsMarketplace('prod-1') }, database);
    });
    afterEach(async () => aws.close());

    it('resolves the token with ResolveCustomer and keeps the customer, account, product and license', async () => {
      const customer = newCustomer();
      metering.on(ResolveCustomerCommand, { RegistrationToken: 'aws-token' }).resolves({
        CustomerIdentifier: customer,
        CustomerAWSAccountId: '123456789012',
        ProductCode: 'prod-1',
        LicenseArn: 'arn:aws:license-manager::123456789012:license:l-1',
      });
      const res = await registerToken(aws.app, 'aws-token');
      expect(res.statusCode).toBe(303);
      const mappingId = new URL(res.headers.location as string, 'http://x').searchParams.get('mapping_id')!;
      const [row] = await database.db
        .select()
        .from(marketplaceMappings)
        .where(eq(marketplaceMappings.id, mappingId));
      expect(row).toMatchObject({
        customerIdentifier: customer,
        customerAwsAccountId: '123456789012',
        productCode: 'prod-1',
        licenseArn: 'arn:aws:license-manager::123456789012:license:l-1',
      });
    });

    it('refuses another product, an invalid token (400) and answers 503 when AWS is unavailable', async () => {
      metering
        .on(ResolveCustomerCommand)
        .resolvesOnce({ CustomerIdentifier: 'c', CustomerAWSAccountId: '123456789012', ProductCode: 'other' })
        .rejectsOnce(new InvalidTokenException({ message: 'bad', $metadata: {} }))
        .rejectsOnce(new ThrottlingException({ message: 'slow', $metadata: {} }));
      const other = await registerToken(aws.app, 'a');
      expect([other.statusCode, other.json().message]).toEqual([400, MARKETPLACE_MESSAGES.wrongProduct]);
      const invalid = await registerToken(aws.app, 'b');
      expect([invalid.statusCode, invalid.json().message]).toEqual([400, MARKETPLACE_MESSAGES.tokenInvalid]);
      const down = await registerToken(aws.app, 'c');
      expect([down.statusCode, down.json().message]).toEqual([503, MARKETPLACE_MESSAGES.unavailable]);
    });

    it('links with GetEntitlements: the expiry is kept and the subscription is active', async () => {
      const customer = newCustomer();
      metering.on(ResolveCustomerCommand).resolves({
        CustomerIdentifier: customer,
        CustomerAWSAccountId: '123456789012',
        ProductCode: 'prod-1',
      });
      entitlements.on(GetEntitlementsCommand).resolves({
        Entitlements: [{ ProductCode: 'prod-1', ExpirationDate: new Date('2099-01-01T00:00:00Z') }],
      });
      const res = await registerToken(aws.app, 'aws-token');
      const mappingId = new URL(res.headers.location as string, 'http://x').searchParams.get('mapping_id')!;
      const user = await makeUser(aws);
      expect((await complete(user, mappingId, aws.app)).json().mapping_completed).toBe(true);
      expect(entitlements.commandCalls(GetEntitlementsCommand)[0].args[0].input).toMatchObject({
        ProductCode: 'prod-1',
        Filter: { CUSTOMER_IDENTIFIER: [customer] },
      });
      expect(await subscriptionRow(user)).toMatchObject({
        status: 'active',
        expiresAt: new Date('2099-01-01T00:00:00Z'),
        customerIdentifier: customer,
      });
      expect((await individual(user, aws.app)).active).toBe(true);
    });

    it('links a customer without entitlement as inactive', async () => {
      metering.on(ResolveCustomerCommand).resolves({
        CustomerIdentifier: newCustomer(),
        CustomerAWSAccountId: '123456789012',
        ProductCode: 'prod-1',
      });
      entitlements.on(GetEntitlementsCommand).resolves({ Entitlements: [] });
      const res = await registerToken(aws.app, 'aws-token');
      const user = await makeUser(aws);
      await complete(
        user,
        new URL(res.headers.location as string, 'http://x').searchParams.get('mapping_id')!,
        aws.app,
      );
      expect((await subscriptionRow(user)).status).toBe('inactive');
      expect((await individual(user, aws.app)).active).toBe(false);
    });

    it('still links when GetEntitlements fails; the sync checks again later', async () => {
      metering.on(ResolveCustomerCommand).resolves({
        CustomerIdentifier: newCustomer(),
        CustomerAWSAccountId: '123456789012',
        ProductCode: 'prod-1',
      });
      entitlements.on(GetEntitlementsCommand).rejects(new Error('network down'));
      const res = await registerToken(aws.app, 'aws-token');
      const user = await makeUser(aws);
      const linked = await complete(
        user,
        new URL(res.headers.location as string, 'http://x').searchParams.get('mapping_id')!,
        aws.app,
      );
      expect(linked.json().mapping_completed).toBe(true);
      expect((await individual(user, aws.app)).active).toBe(true);
    });

    it('has no simulated subscriptions', async () => {
      const user = await makeUser(aws);
      const res = await call(aws.app, 'POST', '/marketplace/simulated-subscription', user, {});
      expect([res.statusCode, res.json().message]).toEqual([404, MARKETPLACE_MESSAGES.simulationOnlyLocal]);
      expect((await call(aws.app, 'GET', '/marketplace/subscription', user)).json()).toEqual({
        mode: 'aws',
        subscription: null,
      });
    });
  });
});

describe('GET /auth/marketplace-mapping/status and POST /auth/marketplace-mapping/complete', () => {
  it('links the mapping to the signed-in user, whose own subscription is then active and verified', async () => {
    const customer = newCustomer();
    const mappingId = await register(customer);
    const user = await makeUser(t);
    expect((await status(user, `?mapping_id=${mappingId}`)).json()).toEqual({
      has_mapping: false,
      mapping: null,
    });
    expect((await individual(user)).active).toBe(false);

    const res = await complete(user, mappingId);
    expect(res.statusCode).toBe(200);
    const mapping = {
      mapping_id: mappingId,
      aws_account_id: localAccountIdOf(customer),
      customer_id: `local-${customer}`,
      product_code: 'hivqe-local',
      linked_at: expect.any(String),
    };
    expect(res.json()).toEqual({ mapping_completed: true, message: MARKETPLACE_MESSAGES.linked, mapping });
    expect((await status(user, `?mapping_id=${mappingId}`)).json()).toEqual({ has_mapping: true, mapping });
    expect((await status(user)).json()).toEqual({ has_mapping: true, mapping });
    expect((await status(user, '?mapping_id=garbage')).json().has_mapping).toBe(true);

    const subscription = await individual(user);
    expect(subscription).toEqual({ active: true, email: user.email, verified_at: expect.any(String) });
    const jobPermission = (await call(t.app, 'GET', '/auth/me/job-permission', user)).json();
    expect(jobPermission.can_create_jobs).toBe(true);
  });

  it('completes once: again by the same user is a no-op, by anyone else 409', async () => {
    const mappingId = await register();
    const [owner, other] = [await makeUser(t), await makeUser(t)];
    await complete(owner, mappingId);
    const again = await complete(owner, mappingId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      mapping_completed: true,
      message: MARKETPLACE_MESSAGES.alreadyLinked,
    });
    const stolen = await complete(other, mappingId);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(MARKETPLACE_MESSAGES.linkedToOther);
    expect((await status(other)).json().has_mapping).toBe(false);
    expect((await individual(other)).active).toBe(false);
  });

  it('links one customer per account', async () => {
    const user = await makeUser(t);
    await complete(user, await register());
    const second = await complete(user, await register());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MARKETPLACE_MESSAGES.userHasOther);
  });

  it('refuses an unknown mapping (404) and a malformed id (400)', async () => {
    const user = await makeUser(t);
    const unknown = await complete(user, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MARKETPLACE_MESSAGES.mappingNotFound]);
    const malformed = await complete(user, 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Invalid mapping id');
  });

  it('lets an unlinked mapping expire 4 hours after its registration', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const clocked = await createTestApp({ now: () => now }, database);
    const mappingId = await register(newCustomer(), clocked.app);
    const user = await makeUser(clocked);
    now = new Date('2030-01-01T04:00:01Z');
    const res = await complete(user, mappingId, clocked.app);
    expect([res.statusCode, res.json().message]).toEqual([404, MARKETPLACE_MESSAGES.mappingNotFound]);
    await clocked.close();
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/auth/marketplace-mapping/status')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/marketplace-mapping/complete',
      payload: { mapping_id: await register() },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the local marketplace page: simulated subscriptions', () => {
  it('starts and cancels a simulated subscription that feeds the permission sources', async () => {
    const user = await makeUser(t);
    expect((await call(t.app, 'GET', '/marketplace/subscription', user)).json()).toEqual({
      mode: 'local',
      subscription: null,
    });

    const started = await call(t.app, 'POST', '/marketplace/simulated-subscription', user, {});
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      mode: 'local',
      subscription: {
        status: 'active',
        active: true,
        verified_at: expect.any(String),
        expires_at: null,
        aws_account_id: expect.stringMatching(/^\d{12}$/),
        customer_id: `local-${user.username}`,
      },
    });
    expect((await status(user)).json().has_mapping).toBe(true);
    const priorities = (await call(t.app, 'GET', '/auth/me/organization-priorities', user)).json();
    expect(priorities.individual_marketplace_subscription).toMatchObject({ active: true, email: user.email });
    expect(priorities.active_source).toMatchObject({ type: 'individual' });

    const cancelled = await call(t.app, 'DELETE', '/marketplace/simulated-subscription', user, {});
    expect(cancelled.json().subscription).toMatchObject({ status: 'inactive', active: false });
    expect((await individual(user)).active).toBe(false);

    const again = await call(t.app, 'POST', '/marketplace/simulated-subscription', user, {});
    expect(again.json().subscription).toMatchObject({
      status: 'active',
      customer_id: `local-${user.username}`,
    });
  });

  it('reactivates the customer a user linked through the registration round trip', async () => {
    const customer = newCustomer();
    const user = await makeUser(t);
    await complete(user, await register(customer));
    await call(t.app, 'DELETE', '/marketplace/simulated-subscription', user, {});
    const res = await call(t.app, 'POST', '/marketplace/simulated-subscription', user, {});
    expect(res.json().subscription).toMatchObject({ active: true, customer_id: `local-${customer}` });
  });

  it('has nothing to cancel without a subscription', async () => {
    const user = await makeUser(t);
    const res = await call(t.app, 'DELETE', '/marketplace/simulated-subscription', user, {});
    expect([res.statusCode, res.json().message]).toEqual([404, MARKETPLACE_MESSAGES.noSubscription]);
  });
});

/** A peer elsewhere on the network, as the server's socket sees it. */
const REMOTE = '203.0.113.9';

/** Calls the API as `user` from `remoteAddress`, with extra headers (a proxy's). */
function callFrom(
  remoteAddress: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser,
  { app = t.app, headers = {} }: { app?: TestApp['app']; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress,
    headers: { ...bearer(user.token), ...headers },
  });
}

const mySubscription = async (user: TestUser) =>
  (await call(t.app, 'GET', '/marketplace/subscription', user)).json().subscription;

describe('simulated subscriptions outside a local trial', () => {
  it('refuses self-service to a user on another machine, with a message the console shows, and changes nothing', async () => {
    const user = await makeUser(t);
    const res = await callFrom(REMOTE, 'POST', '/marketplace/simulated-subscription', user);
    expect([res.statusCode, res.json().message]).toEqual([403, MARKETPLACE_MESSAGES.simulationTrialOnly]);
    expect(await mySubscription(user)).toBeNull();
    expect((await individual(user)).active).toBe(false);
  });

  it('judges the peer by its socket: X-Forwarded-For: 127.0.0.1 with trustProxy on does not make a trial', async () => {
    const proxied = await createTestApp({ trustProxy: true }, database);
    try {
      const user = await makeUser(proxied);
      const spoofed = await callFrom(REMOTE, 'POST', '/marketplace/simulated-subscription', user, {
        app: proxied.app,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect([spoofed.statusCode, spoofed.json().message]).toEqual([
        403,
        MARKETPLACE_MESSAGES.simulationTrialOnly,
      ]);
      // A proxy on this machine connects from loopback: what it relays is still not a local trial.
      const relayed = await callFrom('127.0.0.1', 'POST', '/marketplace/simulated-subscription', user, {
        app: proxied.app,
        headers: { 'x-forwarded-for': REMOTE },
      });
      expect(relayed.statusCode).toBe(403);
      expect(
        (await call(proxied.app, 'GET', '/marketplace/subscription', user)).json().subscription,
      ).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('refuses a local marketplace registration from another machine, storing no mapping', async () => {
    const customer = newCustomer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/register',
      payload: new URLSearchParams({ 'x-amzn-marketplace-token': `local-${customer}` }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: REMOTE,
    });
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      MARKETPLACE_MESSAGES.localRegistrationTrialOnly,
    ]);
    const rows = await database.db
      .select()
      .from(marketplaceMappings)
      .where(eq(marketplaceMappings.customerIdentifier, `local-${customer}`));
    expect(rows).toEqual([]);
  });

  it('lets a user anywhere cancel their own subscription', async () => {
    const user = await makeUser(t);
    await call(t.app, 'POST', '/marketplace/simulated-subscription', user, {});
    const res = await callFrom(REMOTE, 'DELETE', '/marketplace/simulated-subscription', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'inactive', active: false });
  });

  it('lets a system administrator subscribe from anywhere, and grant and cancel one for a user by e-mail or username', async () => {
    const admin = await makeUser(t, { admin: true });
    const own = await callFrom(REMOTE, 'POST', '/marketplace/simulated-subscription', admin);
    expect(own.statusCode).toBe(200);

    const user = await makeUser(t);
    const granted = await callFrom(
      REMOTE,
      'PUT',
      `/marketplace/simulated-subscriptions/${user.email}`,
      admin,
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({
      mode: 'local',
      subscription: expect.objectContaining({
        status: 'active',
        active: true,
        customer_id: `local-${user.username}`,
      }),
    });
    expect((await individual(user)).active).toBe(true);

    const cancelled = await callFrom(
      REMOTE,
      'DELETE',
      `/marketplace/simulated-subscriptions/${user.username}`,
      admin,
    );
    expect(cancelled.json().subscription).toMatchObject({ status: 'inactive', active: false });
    expect((await individual(user)).active).toBe(false);
  });

  it('leaves granting to system administrators, and validates the user', async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const byUser = await call(t.app, 'PUT', `/marketplace/simulated-subscriptions/${other.email}`, user);
    expect([byUser.statusCode, byUser.json().message]).toEqual([403, ADMIN_MESSAGES.required]);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/marketplace/simulated-subscriptions/${other.email}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await mySubscription(other)).toBeNull();

    const admin = await makeUser(t, { admin: true });
    const unknown = await call(
      t.app,
      'PUT',
      '/marketplace/simulated-subscriptions/nobody@example.com',
      admin,
    );
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ADMIN_MESSAGES.userNotFound]);
    const blank = await call(t.app, 'PUT', '/marketplace/simulated-subscriptions/%20', admin);
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'params.user: User is required']);
    const huge = await call(t.app, 'PUT', `/marketplace/simulated-subscriptions/${'a'.repeat(300)}`, admin);
    expect(huge.statusCode).toBe(414);
    const nothing = await call(t.app, 'DELETE', `/marketplace/simulated-subscriptions/${other.email}`, admin);
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      404,
      MARKETPLACE_MESSAGES.userHasNoSubscription,
    ]);
  });

  it('grants nothing with AWS Marketplace', async () => {
    const aws = await createTestApp({ marketplace: new AwsMarketplace('prod-1') }, database);
    try {
      const admin = await makeUser(aws, { admin: true });
      const user = await makeUser(aws);
      const res = await call(aws.app, 'PUT', `/marketplace/simulated-subscriptions/${user.email}`, admin);
      expect([res.statusCode, res.json().message]).toEqual([404, MARKETPLACE_MESSAGES.simulationOnlyLocal]);
    } finally {
      await aws.close();
    }
  });
});
