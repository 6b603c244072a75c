import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { SETTINGS_MESSAGES } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { call, makeUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { StsRoleAccessChecker } from '../../providers/aws/sts-role-access.ts';

const sts = mockClient(STSClient);
let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  sts.restore();
  await database.close();
});
beforeEach(async () => {
  sts.reset();
  t = await createTestApp({ roleAccess: new StsRoleAccessChecker({ region: 'us-east-1' }) }, database);
});
afterEach(async () => t.close());

const ACCOUNT = '123456789012';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/HI-VQE-Access-Role`;

async function userWithRole() {
  const user = await makeUser(t);
  const saved = await call(t.app, 'PUT', '/account/settings/aws?user_email=', user, {
    account_id: ACCOUNT,
    aws_region: 'us-east-1',
  });
  return { user, externalId: saved.json().external_id as string };
}

const testConnection = (user: Awaited<ReturnType<typeof makeUser>>) =>
  call(t.app, 'POST', '/account/settings/aws/test?user_email=', user, {});

describe('POST /account/settings/aws/test', () => {
  it('assumes the role with the external id and reports success', async () => {
    sts.on(AssumeRoleCommand).resolves({
      AssumedRoleUser: {
        Arn: `arn:aws:sts::${ACCOUNT}:assumed-role/HI-VQE-Access-Role/hi-vqe-connection-test`,
        AssumedRoleId: 'AROAEXAMPLE:hi-vqe-connection-test',
      },
    });
    const { user, externalId } = await userWithRole();
    expect((await call(t.app, 'GET', '/account/settings', user)).json().connection_test_available).toBe(true);

    const res = await testConnection(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `Connection successful: the role was assumed. (arn:aws:sts::${ACCOUNT}:assumed-role/HI-VQE-Access-Role/hi-vqe-connection-test)`,
    });
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(1);
    expect(sts.commandCalls(AssumeRoleCommand)[0].args[0].input).toEqual({
      RoleArn: ROLE_ARN,
      RoleSessionName: 'hi-vqe-connection-test',
      ExternalId: externalId,
      DurationSeconds: 900,
    });
  });

  it("reports AWS's error when the role cannot be assumed", async () => {
    const denied = new Error(
      `User: arn:aws:iam::000000000000:user/platform is not authorized to perform: sts:AssumeRole on resource: ${ROLE_ARN}`,
    );
    denied.name = 'AccessDenied';
    sts.on(AssumeRoleCommand).rejects(denied);
    const { user } = await userWithRole();

    const res = await testConnection(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: `AccessDenied: ${denied.message}` });
  });

  it("needs the user's own settings: the platform's account has no role to assume", async () => {
    const user = await makeUser(t);
    const res = await testConnection(user);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.cloudNotFound);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
  });

  it('lets an administrator test another user’s role', async () => {
    sts.on(AssumeRoleCommand).resolves({ AssumedRoleUser: { Arn: 'arn:x', AssumedRoleId: 'id' } });
    const { user, externalId } = await userWithRole();
    const admin = await makeUser(t, { admin: true });
    const res = await call(t.app, 'POST', `/account/settings/aws/test?user_email=${user.email}`, admin, {});
    expect(res.json().success).toBe(true);
    expect(sts.commandCalls(AssumeRoleCommand)[0].args[0].input.ExternalId).toBe(externalId);
  });

  it('is not offered with the local back end (no role checker)', async () => {
    const local = await createTestApp({}, database);
    const user = await makeUser(local);
    await call(local.app, 'PUT', '/account/settings/aws', user, {
      account_id: ACCOUNT,
      aws_region: 'us-east-1',
    });
    expect((await call(local.app, 'GET', '/account/settings', user)).json().connection_test_available).toBe(
      false,
    );
    const res = await call(local.app, 'POST', '/account/settings/aws/test', user, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.connectionTestUnavailable);
    await local.close();
  });
});
