import { _InstanceType, BraketClient, CreateJobCommand, type CreateJobRequest } from '@aws-sdk/client-braket';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import {
  BRAKET_EQUIVALENTS,
  BRAKET_INSTANCE_TYPES,
  BRAKET_MAX_TAGS,
  CLOUD_WIZARD_INSTANCE_TYPES,
  DEFAULT_INSTANCE_TYPE,
  INSTANCE_TYPES,
  JOB_ID_TAG,
  JOB_PATHS,
  MAX_USER_TAGS,
  WIZARD_INSTANCE_TYPES,
} from '@hivqe/contract';
import { validateAgainstModel } from '@hivqe/aws-stand-in';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAKET_ACCOUNT, braketTestApp, braketUser, stubBraketCalls } from '../../../../test/braket-mocks.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  jobCount,
  jobUser,
  storedJob,
} from '../../../../test/job-flows.ts';
import { postWithKey } from '../../../../test/idempotent-create.ts';
import { call } from '../../../../test/org-flows.ts';
import type { Database } from '../../../db/client.ts';
import { BraketBackend } from './braket-backend.ts';

/**
 * CreateJob's constraints as Braket's API model states them (aws/api-models-aws,
 * models/braket/service/2019-09-01/braket-2019-09-01.json). The SDK exports the enums, which are read from it
 * below, but not these patterns and lengths.
 */
const API = {
  jobName: /^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,50}$/,
  jobNameLength: 50,
  clientTokenLength: 64,
  roleArn: /^arn:aws[a-z-]*:iam::\d{12}:role\/?[a-zA-Z_0-9+=,.@\-_/]+$/,
  uri: /^\d{10,14}\.dkr\.ecr.[a-z0-9-]+\.amazonaws\.com\/.+(@sha256)?:.+$/,
  uriLength: 255,
  s3Path: /^(https|s3):\/\/([^/]+)\/?(.*)$/,
  s3PathLength: 1024,
  deviceLength: 256,
  hyperparameters: 100,
  hyperparameterKeyLength: 256,
  hyperparameterValueLength: 2500,
  maxRuntimeSeconds: 432_000,
} as const;
/** `^.*$` as Braket's Java service reads it: `.` matches anything but a Java line terminator. */
const javaOneLine = (value: string) => !/[\n\r\u0085\u2028\u2029]/.test(value);

const SDK_INSTANCE_TYPES: readonly string[] = Object.values(_InstanceType);

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
const ACCOUNT = BRAKET_ACCOUNT;
const IMAGE = `${ACCOUNT}.dkr.ecr.us-east-1.amazonaws.com/hivqe@sha256:${'a'.repeat(64)}`;
const EXECUTION_ROLE = `arn:aws:iam::${ACCOUNT}:role/service-role/AmazonBraketJobsExecutionRole`;

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  sts.restore();
  braket.restore();
  await database.close();
});
beforeEach(async () => {
  sts.reset();
  braket.reset();
  stubBraketCalls(sts, braket);
  t = await braketTestApp(database, IMAGE);
});
afterEach(async () => t.close());

const saveSettings = async () => (await braketUser(t)).user;

/** A back end for its refusals alone: it never reaches an account. */
const offlineBackend = () =>
  new BraketBackend({
    db: database.db,
    accounts: { cloudAccountFor: () => Promise.reject(new Error('not reached')) },
    containerImage: IMAGE,
    executionRoleName: 'r',
    platformAccountId: '999999999999',
    stsRegion: 'us-east-1',
  });

const payloadOn = (instanceType: string, changes: Record<string, unknown> = {}) => {
  const payload = hybridPayload(h2Form(), changes);
  return { ...payload, instance_config: { ...payload.instance_config, instanceType } };
};

/** What the SDK throws when an attempt outlives the client's request timeout. */
const awsTimeout = () => Object.assign(new Error('the request timed out'), { name: 'TimeoutError' });

const userTags = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`tag-${i}`, 'v'.repeat(256)]));

/** Every constraint of CreateJob's input, as the SDK's enums and the API model's patterns state it. */
function expectAcceptedByBraket(input: CreateJobRequest) {
  expect(input.jobName).toMatch(API.jobName);
  expect(input.jobName!.length).toBeLessThanOrEqual(API.jobNameLength);
  expect(input.clientToken!.length).toBeGreaterThanOrEqual(1);
  expect(input.clientToken!.length).toBeLessThanOrEqual(API.clientTokenLength);
  expect(input.roleArn).toMatch(API.roleArn);
  const uri = input.algorithmSpecification!.containerImage!.uri!;
  expect(uri).toMatch(API.uri);
  expect(uri.length).toBeLessThanOrEqual(API.uriLength);
  expect(input.outputDataConfig!.s3Path).toMatch(API.s3Path);
  expect(input.outputDataConfig!.s3Path!.length).toBeLessThanOrEqual(API.s3PathLength);
  expect(input.deviceConfig!.device!.length).toBeLessThanOrEqual(API.deviceLength);
  expect(SDK_INSTANCE_TYPES).toContain(input.instanceConfig!.instanceType);
  expect(input.instanceConfig!.volumeSizeInGb).toBeGreaterThanOrEqual(1);
  expect(input.instanceConfig!.instanceCount).toBeGreaterThanOrEqual(1);
  const stop = input.stoppingCondition!.maxRuntimeInSeconds!;
  expect(stop >= 1 && stop <= API.maxRuntimeSeconds).toBe(true);
  const hyperparameters = Object.entries(input.hyperParameters ?? {});
  expect(hyperparameters.length).toBeLessThanOrEqual(API.hyperparameters);
  for (const [key, value] of hyperparameters) {
    expect(key.length >= 1 && key.length <= API.hyperparameterKeyLength).toBe(true);
    expect(value.length >= 1 && value.length <= API.hyperparameterValueLength).toBe(true);
    expect(javaOneLine(value), key).toBe(true);
  }
  expect(Object.keys(input.tags ?? {}).length).toBeLessThanOrEqual(BRAKET_MAX_TAGS);
}

describe('instance types and the installed SDK', () => {
  it("sends only members of the SDK's InstanceType, and the cloud wizard offers only those", () => {
    for (const type of [...BRAKET_INSTANCE_TYPES, ...CLOUD_WIZARD_INSTANCE_TYPES, DEFAULT_INSTANCE_TYPE])
      expect(SDK_INSTANCE_TYPES, type).toContain(type);
    expect(CLOUD_WIZARD_INSTANCE_TYPES).toHaveLength(WIZARD_INSTANCE_TYPES.length);
    // The spec's EC2 types are not Braket's: the reason the wizard offers stand-ins.
    for (const type of WIZARD_INSTANCE_TYPES) expect(SDK_INSTANCE_TYPES).not.toContain(type);
  });

  it('refuses on Braket exactly the accepted types the SDK does not name, pointing to the stand-in', () => {
    const backend = offlineBackend();
    for (const type of INSTANCE_TYPES)
      expect(backend.instanceRefusal(type) === null, type).toBe(SDK_INSTANCE_TYPES.includes(type));
    expect(backend.instanceRefusal('r7i.4xlarge')).toMatch(
      /^Amazon Braket cannot run instance type r7i\.4xlarge; its nearest Braket type is ml\.m5\.12xlarge\. Choose one of: ml\.m5\.large, /,
    );
    expect(backend.instanceRefusal('ml.t3.large')).toMatch(/cannot run instance type ml\.t3\.large/);
  });
});

describe('every CreateJob the product builds', () => {
  it("meets the SDK's enums and the API's patterns, for each type the forms offer, with the most tags", async () => {
    const user = await saveSettings();
    const offered = [...new Set([...BRAKET_INSTANCE_TYPES, ...CLOUD_WIZARD_INSTANCE_TYPES])];
    for (const type of offered)
      await createHybridJob(t, user, payloadOn(type, { tags: userTags(MAX_USER_TAGS) }));
    const inputs = braket.commandCalls(CreateJobCommand).map((sent) => sent.args[0].input);
    expect(inputs.map((input) => input.instanceConfig?.instanceType)).toEqual(offered);
    for (const input of inputs) {
      expectAcceptedByBraket(input);
      expect(Object.keys(input.tags!)).toHaveLength(BRAKET_MAX_TAGS);
      expect(input.tags![JOB_ID_TAG]).toBe(input.clientToken);
    }
  });

  it("passes botocore's own CreateJob model with an Idempotency-Key's client token and the job's output path", async () => {
    const user = await saveSettings();
    const payload = payloadOn('ml.m5.large', { tags: userTags(MAX_USER_TAGS) });
    const key = `retry-${'k'.repeat(240)}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // The first attempt fails after Braket may have taken the job: the retry must name the same one.
      if (attempt === 0) braket.on(CreateJobCommand).rejects(awsTimeout());
      const res = await postWithKey(t.app, user, payload, key);
      expect(res.statusCode, res.body).toBe(attempt === 0 ? 504 : 201);
      stubBraketCalls(sts, braket);
    }
    const inputs = braket.commandCalls(CreateJobCommand).map((sent) => sent.args[0].input);
    expect(inputs).toHaveLength(2);
    expect(inputs[1].clientToken).toBe(inputs[0].clientToken);
    expect(inputs[1].clientToken).toMatch(/^[0-9a-f]{64}$/);
    for (const input of inputs) {
      // Debian's python3-botocore model of Braket 2019-09-01: every member, pattern, length and enum.
      expect(validateAgainstModel('braket', 'CreateJob', input)).toEqual([]);
      expect(input.outputDataConfig!.s3Path).toBe(
        `s3://amazon-braket-us-east-1-${ACCOUNT}/jobs/${input.jobName}/data`,
      );
    }
  });

  it('stores the execution role Braket runs the job with, and shows it in the detail', async () => {
    const user = await saveSettings();
    const created = await createHybridJob(t, user, payloadOn('ml.c5.4xlarge'));
    const [sent] = braket.commandCalls(CreateJobCommand);
    expect(sent.args[0].input.roleArn).toBe(EXECUTION_ROLE);
    expect((await storedJob(database.db, created.job_arn)).roleArn).toBe(EXECUTION_ROLE);
    const detail = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, created.job_arn), user)).json();
    expect(detail.job_history).toMatchObject({ role_arn: EXECUTION_ROLE, assume_role_used: true });
  });
});

describe('creation refuses what Braket would refuse, storing and sending nothing', () => {
  it("the spec's EC2 instance types, naming the Braket type to choose", async () => {
    const user = await saveSettings();
    for (const type of WIZARD_INSTANCE_TYPES) {
      const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, payloadOn(type));
      expect(res.statusCode, type).toBe(400);
      expect(res.json().message).toContain(
        `Amazon Braket cannot run instance type ${type}; its nearest Braket type is ${BRAKET_EQUIVALENTS[type]}.`,
      );
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
  });

  it('one tag more than Braket takes with ours, or our own tag key', async () => {
    const user = await saveSettings();
    const tooMany = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, {
      ...payloadOn('ml.m5.large'),
      tags: userTags(MAX_USER_TAGS + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/At most 49 tags/);
    const ours = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, {
      ...payloadOn('ml.m5.large'),
      tags: { [JOB_ID_TAG]: 'forged' },
    });
    expect(ours.statusCode).toBe(400);
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it("hyperparameter values with a line terminator Braket's ^.*$ rejects", async () => {
    const user = await saveSettings();
    for (const separator of ['\u0085', '\u2028', '\u2029']) {
      const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, {
        ...payloadOn('ml.m5.large'),
        molecule_geometry: `H 0 0 0;${separator}H 0 0 0.74`,
      });
      expect(res.statusCode, JSON.stringify(separator)).toBe(400);
    }
    // The back end's own rule, for values no schema shaped (every separator Java's `.` stops at).
    const backend = offlineBackend();
    for (const separator of ['\n', '\r', '\u0085', '\u2028', '\u2029'])
      await expect(backend.refusal('hybrid', { note: `a${separator}b` })).resolves.toMatch(/one line/);
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
  });
});

describe('the local back end', () => {
  it("still runs the spec's instance types: the refusal is Braket's alone", async () => {
    const local = await createTestApp({}, database);
    try {
      const user = await jobUser(local);
      const res = await call(local.app, 'POST', JOB_PATHS.hybridJobs, user, payloadOn('c7i.4xlarge'));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await local.close();
    }
  });
});
