import { randomBytes } from 'node:crypto';
import { BRAKET_REGIONS, SETTINGS_MESSAGES } from '@hivqe/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { braketTestApp } from '../../../test/braket-mocks.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { auditEvents, awsSettings, iqmSettings, users } from '../../db/schema/index.ts';

let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current), { platformAwsAccountId: '111122223333' });

const newKey = () => randomBytes(32).toString('hex');
const ACCOUNT = '123456789012';
const roleArnOf = (account: string) => `arn:aws:iam::${account}:role/HI-VQE-Access-Role`;

const settingsOf = (user: TestUser, userEmail?: string) =>
  call(t.app, 'GET', `/account/settings${userEmail === undefined ? '' : `?user_email=${userEmail}`}`, user);
const putAws = (user: TestUser, body: object, userEmail = '') =>
  call(t.app, 'PUT', `/account/settings/aws?user_email=${userEmail}`, user, body);
const putIqm = (user: TestUser, body: object, userEmail = '') =>
  call(t.app, 'PUT', `/account/settings/iqm?user_email=${userEmail}`, user, body);
const remove = (user: TestUser, query = 'user_email=') =>
  call(t.app, 'DELETE', `/account/settings?${query}`, user, {});

async function rowsOf(user: TestUser) {
  const [aws] = await database.db.select().from(awsSettings).where(eq(awsSettings.userId, user.id));
  const [iqm] = await database.db.select().from(iqmSettings).where(eq(iqmSettings.userId, user.id));
  return { aws, iqm };
}

describe('GET /account/settings', () => {
  it("gives a new user the platform's local account, and the platform account the role must trust", async () => {
    const user = await makeUser(t);
    const res = await settingsOf(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_email: user.email,
      source: 'platform',
      account_id: '000000000000',
      aws_region: 'us-east-1',
      role_arn: roleArnOf('000000000000'),
      external_id: null,
      iqm_api_key: null,
      platform_account_id: '111122223333',
      connection_test_available: false,
      hybrid_job_backend: 'local',
    });
  });

  it('says where new cloud jobs run, so the wizard shows the account and bucket they really use', async () => {
    const braket = await braketTestApp(database, 'hivqe:1');
    const user = await makeUser(braket);
    const body = (await call(braket.app, 'GET', '/account/settings', user)).json();
    // Braket runs in the user's own account: without settings there is none to show.
    expect(body).toMatchObject({ hybrid_job_backend: 'braket', source: null, account_id: null });
    await braket.close();
  });

  it("uses the configured local account for the platform's default", async () => {
    const app = await createTestApp({ localAccountId: '555566667777' }, database);
    const user = await makeUser(app);
    const body = (await call(app.app, 'GET', '/account/settings', user)).json();
    expect(body).toMatchObject({ source: 'platform', account_id: '555566667777' });
    expect(body.platform_account_id).toBe('000000000000');
    await app.close();
  });

  it('needs a signed-in user', async () => {
    const res = await call(t.app, 'GET', '/account/settings');
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /account/settings/aws', () => {
  it('saves the account and region, derives the role ARN and generates a random external id', async () => {
    const user = await makeUser(t);
    const res = await putAws(user, { account_id: ACCOUNT, aws_region: 'eu-north-1' });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      user_email: user.email,
      source: 'user',
      account_id: ACCOUNT,
      aws_region: 'eu-north-1',
      role_arn: roleArnOf(ACCOUNT),
    });
    expect(saved.external_id).toMatch(/^hivqe-[0-9a-f]{32}$/);
    expect((await settingsOf(user)).json()).toEqual(saved);
  });

  it('keeps the external id when the account or region changes; users never share one', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)];
    const first = (await putAws(ada, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    const second = (await putAws(ada, { account_id: '210987654321', aws_region: 'us-west-2' })).json();
    expect(second).toMatchObject({ account_id: '210987654321', role_arn: roleArnOf('210987654321') });
    expect(second.external_id).toBe(first.external_id);
    const other = (await putAws(bob, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    expect(other.external_id).not.toBe(first.external_id);
  });

  it('accepts every Braket region', async () => {
    const user = await makeUser(t);
    for (const region of BRAKET_REGIONS) {
      const res = await putAws(user, { account_id: ACCOUNT, aws_region: region });
      expect(res.json().aws_region).toBe(region);
    }
  });

  it.each([
    ['too short', { account_id: '12345', aws_region: 'us-east-1' }, SETTINGS_MESSAGES.accountId],
    ['too long', { account_id: '1234567890123', aws_region: 'us-east-1' }, SETTINGS_MESSAGES.accountId],
    ['not digits', { account_id: '1234-5678-901', aws_region: 'us-east-1' }, SETTINGS_MESSAGES.accountId],
    ['missing account', { aws_region: 'us-east-1' }, SETTINGS_MESSAGES.accountId],
    ['unknown region', { account_id: ACCOUNT, aws_region: 'eu-central-1' }, SETTINGS_MESSAGES.region],
    ['missing region', { account_id: ACCOUNT }, SETTINGS_MESSAGES.region],
  ])('refuses %s with its message and changes nothing', async (_case, body, message) => {
    const user = await makeUser(t);
    const res = await putAws(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await rowsOf(user)).aws).toBeUndefined();
  });

  it("says the messages the console shows: 'Please enter a valid 12-digit AWS Account ID.'", () => {
    expect(SETTINGS_MESSAGES.accountId).toBe('Please enter a valid 12-digit AWS Account ID.');
    expect(SETTINGS_MESSAGES.iqmApiKey).toBe('Please enter a valid 64-character IQM API Key.');
    expect(SETTINGS_MESSAGES.region).toBe(
      'Please select a region: us-east-1, us-west-1, us-west-2, eu-west-2, eu-north-1.',
    );
  });

  it('records the change in the audit log, without secrets', async () => {
    const user = await makeUser(t);
    const saved = (await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, user.id), eq(auditEvents.action, 'settings.update')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorEmail: user.email,
      targetType: 'settings',
      details: { provider: 'aws', account_id: ACCOUNT, aws_region: 'us-east-1' },
    });
    expect(JSON.stringify(events)).not.toContain(saved.external_id);
  });
});

describe('PUT /account/settings/iqm', () => {
  it("stores a 64-character key and answers it only as '***' and its last 10 characters", async () => {
    const user = await makeUser(t);
    const key = newKey();
    const res = await putIqm(user, { iqm_api_key: key });
    expect(res.statusCode).toBe(200);
    expect(res.json().iqm_api_key).toBe(`***${key.slice(-10)}`);
    expect(res.body).not.toContain(key);
    expect((await settingsOf(user)).json().iqm_api_key).toBe(`***${key.slice(-10)}`);
  });

  it('replaces the key', async () => {
    const user = await makeUser(t);
    await putIqm(user, { iqm_api_key: newKey() });
    const key = newKey();
    expect((await putIqm(user, { iqm_api_key: key })).json().iqm_api_key).toBe(`***${key.slice(-10)}`);
  });

  it.each([
    ['63 characters', 'a'.repeat(63)],
    ['65 characters', 'a'.repeat(65)],
    ['a space inside', `${'a'.repeat(31)} ${'a'.repeat(32)}`],
    ['an empty key', ''],
  ])('refuses %s', async (_case, key) => {
    const user = await makeUser(t);
    const res = await putIqm(user, { iqm_api_key: key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(SETTINGS_MESSAGES.iqmApiKey);
    expect((await rowsOf(user)).iqm).toBeUndefined();
  });
});

describe('secrets at rest', () => {
  it('keeps neither the IQM key nor the external id readable in the rows', async () => {
    const user = await makeUser(t);
    const key = newKey();
    await putIqm(user, { iqm_api_key: key });
    const { external_id } = (await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    const { aws, iqm } = await rowsOf(user);
    expect(JSON.stringify(iqm)).not.toContain(key);
    expect(JSON.stringify(iqm)).not.toContain(key.slice(0, 54));
    expect(iqm.apiKeySealed).toMatch(/^v1\./);
    expect(iqm.apiKeyLast10).toBe(key.slice(-10));
    expect(JSON.stringify(aws)).not.toContain(external_id);
    expect(aws.externalIdSealed).toMatch(/^v1\./);
  });

  it('never sends the whole key, in any settings answer', async () => {
    const [user, admin] = [await makeUser(t), await makeUser(t, { admin: true })];
    const key = newKey();
    const answers = [
      await putIqm(user, { iqm_api_key: key }),
      await settingsOf(user),
      await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' }),
      await call(t.app, 'PUT', '/account/settings', user, { account_id: ACCOUNT, aws_region: 'us-west-1' }),
      await call(t.app, 'POST', '/account/settings', user, { account_id: ACCOUNT, aws_region: 'us-west-2' }),
      await settingsOf(admin, user.email),
      await remove(user),
      await call(t.app, 'POST', '/account/settings/aws/test', user, {}),
      await remove(user, 'provider=iqm'),
    ];
    for (const answer of answers) expect(answer.body).not.toContain(key.slice(0, 54));
    expect(answers[0].json().iqm_api_key).toBe(`***${key.slice(-10)}`);
  });
});

describe('POST and PUT /account/settings', () => {
  it.each(['POST', 'PUT'] as const)('%s saves the cloud slot, the IQM key, or both', async (method) => {
    const user = await makeUser(t);
    const key = newKey();
    const both = await call(t.app, method, '/account/settings', user, {
      account_id: ACCOUNT,
      aws_region: 'us-west-1',
      iqm_api_key: key,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      source: 'user',
      account_id: ACCOUNT,
      aws_region: 'us-west-1',
      iqm_api_key: `***${key.slice(-10)}`,
    });
    const onlyKey = newKey();
    const res = await call(t.app, method, '/account/settings', user, { iqm_api_key: onlyKey });
    expect(res.json()).toMatchObject({ account_id: ACCOUNT, iqm_api_key: `***${onlyKey.slice(-10)}` });
  });

  it.each([
    ['an account without region', { account_id: ACCOUNT }, SETTINGS_MESSAGES.cloudPairRequired],
    ['a region without account', { aws_region: 'us-east-1' }, SETTINGS_MESSAGES.cloudPairRequired],
    ['nothing', {}, SETTINGS_MESSAGES.nothingToSave],
    ['a bad key', { iqm_api_key: 'short' }, SETTINGS_MESSAGES.iqmApiKey],
  ])('refuses %s', async (_case, body, message) => {
    const user = await makeUser(t);
    const res = await call(t.app, 'PUT', '/account/settings', user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rowsOf(user)).toEqual({ aws: undefined, iqm: undefined });
  });
});

describe('DELETE /account/settings', () => {
  it("deletes the cloud settings (the console's call names no provider) and keeps the IQM key", async () => {
    const user = await makeUser(t);
    const key = newKey();
    await putIqm(user, { iqm_api_key: key });
    await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' });
    const res = await remove(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'platform',
      account_id: '000000000000',
      external_id: null,
      iqm_api_key: `***${key.slice(-10)}`,
    });
    expect((await rowsOf(user)).aws).toBeUndefined();
  });

  it('a new cloud slot gets a new external id', async () => {
    const user = await makeUser(t);
    const first = (await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    await remove(user);
    const second = (await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' })).json();
    expect(second.external_id).not.toBe(first.external_id);
  });

  it('removes the IQM key with provider=iqm', async () => {
    const user = await makeUser(t);
    await putIqm(user, { iqm_api_key: newKey() });
    await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' });
    const res = await remove(user, 'user_email=&provider=iqm');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ iqm_api_key: null, source: 'user', account_id: ACCOUNT });
  });

  it('answers 404 with the missing-configuration message when there is nothing to delete', async () => {
    const user = await makeUser(t);
    const cloud = await remove(user);
    expect(cloud.statusCode).toBe(404);
    expect(cloud.json().message).toBe(
      'AWS account configuration not found. Please configure your AWS account first.',
    );
    const iqm = await remove(user, 'provider=iqm');
    expect(iqm.statusCode).toBe(404);
    expect(iqm.json().message).toBe(
      'IQM API configuration not found. Please configure your IQM API key first.',
    );
  });

  it('refuses an unknown provider', async () => {
    const user = await makeUser(t);
    const res = await remove(user, 'provider=braket');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('querystring.provider');
  });

  it('records the deletion in the audit log', async () => {
    const user = await makeUser(t);
    await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' });
    await remove(user);
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, user.id), eq(auditEvents.action, 'settings.delete')));
    expect(event.details).toEqual({ provider: 'aws' });
  });
});

describe("another user's settings (?user_email=)", () => {
  it('a system administrator reads and changes them', async () => {
    const [admin, user] = [await makeUser(t, { admin: true }), await makeUser(t)];
    const key = newKey();
    const put = await putAws(admin, { account_id: ACCOUNT, aws_region: 'us-west-2' }, user.email);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ user_email: user.email, account_id: ACCOUNT });
    expect((await putIqm(admin, { iqm_api_key: key }, user.email)).statusCode).toBe(200);
    const read = (await settingsOf(admin, user.email)).json();
    expect(read).toMatchObject({
      user_email: user.email,
      source: 'user',
      iqm_api_key: `***${key.slice(-10)}`,
    });
    expect((await settingsOf(user)).json()).toEqual(read);
    expect((await settingsOf(admin)).json()).toMatchObject({ user_email: admin.email, source: 'platform' });

    expect((await remove(admin, `user_email=${user.email}&provider=iqm`)).statusCode).toBe(200);
    expect((await remove(admin, `user_email=${encodeURIComponent(user.email)}`)).statusCode).toBe(200);
    expect(await rowsOf(user)).toEqual({ aws: undefined, iqm: undefined });
  });

  it('anyone else is refused (403) and nothing changes', async () => {
    const [user, other] = [await makeUser(t), await makeUser(t)];
    const key = newKey();
    await putIqm(other, { iqm_api_key: key });
    await putAws(other, { account_id: ACCOUNT, aws_region: 'us-east-1' });
    const before = await rowsOf(other);
    const attempts = [
      await settingsOf(user, other.email),
      await putAws(user, { account_id: '999999999999', aws_region: 'us-west-1' }, other.email),
      await putIqm(user, { iqm_api_key: newKey() }, other.email),
      await call(t.app, 'PUT', `/account/settings?user_email=${other.email}`, user, {
        iqm_api_key: newKey(),
      }),
      await call(t.app, 'POST', `/account/settings?user_email=${other.email}`, user, {
        iqm_api_key: newKey(),
      }),
      await remove(user, `user_email=${other.email}`),
      await remove(user, `user_email=${other.email}&provider=iqm`),
      await call(t.app, 'POST', `/account/settings/aws/test?user_email=${other.email}`, user, {}),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().message).toBe(
        "Only a system administrator may read or change another user's settings.",
      );
    }
    expect(await rowsOf(other)).toEqual(before);
  });

  it('a user may name themselves; an empty user_email is the caller', async () => {
    const user = await makeUser(t);
    expect(
      (await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' }, user.email)).statusCode,
    ).toBe(200);
    expect((await settingsOf(user, '')).json().account_id).toBe(ACCOUNT);
    expect((await settingsOf(user, user.email.toUpperCase())).json().account_id).toBe(ACCOUNT);
  });

  it('an unknown user is 404 for an administrator', async () => {
    const admin = await makeUser(t, { admin: true });
    const res = await settingsOf(admin, 'nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});

describe('account deletion', () => {
  it("takes the user's settings with it", async () => {
    const user = await makeUser(t);
    await putIqm(user, { iqm_api_key: newKey() });
    await putAws(user, { account_id: ACCOUNT, aws_region: 'us-east-1' });
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await rowsOf(user)).toEqual({ aws: undefined, iqm: undefined });
  });
});
