import { randomBytes } from 'node:crypto';
import { SETTINGS_MESSAGES } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { call, makeUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { awsSettings } from '../../db/schema/index.ts';
import { Keyring } from '../../providers/secrets/keyring.ts';
import { AuditRepo } from '../audit/repo.ts';
import { AuditLog } from '../audit/service.ts';
import { AuthRepo } from '../auth/repo.ts';
import { IqmKeys } from './iqm-keys.ts';
import { AccountSettingsRepo } from './repo.ts';
import { PROVIDER_SETTINGS_BOX } from './sealed-fields.ts';
import { AccountSettingsService } from './service.ts';

/** The settings the jobs module reads: own settings first, then the platform's default (local back end only). */
let database: Database;
let t: TestApp;
const keyring = Keyring.random();
beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({ keyring }, database);
});
afterAll(async () => {
  await t.close();
  await database.close();
});

function service(platformDefaultAccountId: string | null) {
  return new AccountSettingsService({
    repo: new AccountSettingsRepo(database.db),
    users: new AuthRepo(database.db),
    box: keyring.box(PROVIDER_SETTINGS_BOX),
    audit: new AuditLog(new AuditRepo(database.db)),
    platformAccountId: '000000000000',
    platformDefaultAccountId,
    hybridJobBackend: platformDefaultAccountId === null ? 'braket' : 'local',
  });
}

describe('cloudAccountFor (the jobs module)', () => {
  it("uses the user's own settings, with the external id in the clear", async () => {
    const user = await makeUser(t);
    const saved = (
      await call(t.app, 'PUT', '/account/settings/aws', user, {
        account_id: '123456789012',
        aws_region: 'eu-west-2',
      })
    ).json();
    expect(await service('000000000000').cloudAccountFor(user.id)).toEqual({
      source: 'user',
      accountId: '123456789012',
      region: 'eu-west-2',
      roleArn: 'arn:aws:iam::123456789012:role/HI-VQE-Access-Role',
      externalId: saved.external_id,
    });
  });

  it("falls back to the platform's account with the local back end", async () => {
    const user = await makeUser(t);
    expect(await service('000000000000').cloudAccountFor(user.id)).toEqual({
      source: 'platform',
      accountId: '000000000000',
      region: 'us-east-1',
      roleArn: 'arn:aws:iam::000000000000:role/HI-VQE-Access-Role',
      externalId: null,
    });
  });

  it("refuses a user without settings when the deployment runs real Braket: 'AWS account configuration not found'", async () => {
    const user = await makeUser(t);
    await expect(service(null).cloudAccountFor(user.id)).rejects.toMatchObject({
      statusCode: 404,
      message: SETTINGS_MESSAGES.cloudNotFound,
    });
  });

  it('and GET /account/settings then answers no cloud settings at all', async () => {
    const user = await makeUser(t);
    const actor = {
      user: (await new AuthRepo(database.db).findUserById(user.id))!,
      origin: { ip: '::1', userAgent: null },
    };
    expect(await service(null).read(actor, undefined)).toMatchObject({
      source: null,
      account_id: null,
      aws_region: null,
      role_arn: null,
      external_id: null,
    });
  });

  it('refuses a sealed external id that was tampered with', async () => {
    const user = await makeUser(t);
    await call(t.app, 'PUT', '/account/settings/aws', user, {
      account_id: '123456789012',
      aws_region: 'us-east-1',
    });
    const [row] = await database.db.select().from(awsSettings).where(eq(awsSettings.userId, user.id));
    const [version, iv, data, tag] = row.externalIdSealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    await database.db
      .update(awsSettings)
      .set({ externalIdSealed: [version, iv, flipped.toString('base64url'), tag].join('.') })
      .where(eq(awsSettings.userId, user.id));
    await expect(service('000000000000').cloudAccountFor(user.id)).rejects.toThrow('integrity');
  });
});

describe('IqmKeys (the jobs module and the runners)', () => {
  const iqmKeys = () => new IqmKeys(new AccountSettingsRepo(database.db), keyring.box(PROVIDER_SETTINGS_BOX));

  it('opens the whole key for the IQM back end', async () => {
    const user = await makeUser(t);
    const key = randomBytes(32).toString('hex');
    await call(t.app, 'PUT', '/account/settings/iqm', user, { iqm_api_key: key });
    expect(await iqmKeys().keyFor(user.id)).toBe(key);
  });

  it("refuses a user without a key: 'IQM API configuration not found'", async () => {
    const user = await makeUser(t);
    await expect(iqmKeys().keyFor(user.id)).rejects.toMatchObject({
      statusCode: 404,
      message: SETTINGS_MESSAGES.iqmNotFound,
    });
  });
});
