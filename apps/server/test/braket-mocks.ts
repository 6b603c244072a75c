import { BraketClient, CreateJobCommand } from '@aws-sdk/client-braket';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { expect } from 'vitest';
import type { AppDeps } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { jobUser } from './job-flows.ts';
import { call, type TestUser } from './org-flows.ts';

/** The customer's account in the Braket tests. */
export const BRAKET_ACCOUNT = '123456789012';

/** AssumeRole answers temporary credentials whose secret key is `secret`. */
export function stubAssumeRole(sts: AwsClientStub<STSClient>, secret = 'secret'): void {
  sts.on(AssumeRoleCommand).resolves({
    Credentials: {
      AccessKeyId: 'ASIAEXAMPLEEXAMPLE12',
      SecretAccessKey: secret,
      SessionToken: 'session-token',
      Expiration: new Date(Date.now() + 900_000),
    },
  });
}

/** AssumeRole answers temporary credentials (with `secret`); CreateJob answers an ARN named after the job. */
export function stubBraketCalls(
  sts: AwsClientStub<STSClient>,
  braket: AwsClientStub<BraketClient>,
  secret = 'secret',
): void {
  stubAssumeRole(sts, secret);
  braket.on(CreateJobCommand).callsFake((input: { jobName: string }) => ({
    jobArn: `arn:aws:braket:us-east-1:${BRAKET_ACCOUNT}:job/${input.jobName}`,
  }));
}

type BraketCalls = NonNullable<AppDeps['braket']>['calls'];

/** An app whose new hybrid jobs go to Braket with `containerImage`, its AWS calls set by `calls`. */
export function braketTestApp(
  database: Database,
  containerImage: string,
  overrides: Partial<AppDeps> = {},
  calls?: BraketCalls,
): Promise<TestApp> {
  return createTestApp(
    {
      jobBackend: 'braket',
      braket: {
        containerImage,
        executionRoleName: 'service-role/AmazonBraketJobsExecutionRole',
        calls,
      },
      platformAwsAccountId: '999999999999',
      ...overrides,
    },
    database,
  );
}

/** A subscribed user whose AWS settings were saved through the settings API, with their external id. */
export async function braketUser(t: TestApp): Promise<{ user: TestUser; externalId: string }> {
  const user = await jobUser(t);
  const saved = await call(t.app, 'PUT', '/account/settings/aws', user, {
    account_id: BRAKET_ACCOUNT,
    aws_region: 'us-east-1',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { user, externalId: saved.json().external_id as string };
}
