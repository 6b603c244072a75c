import {
  BraketClient,
  CancelJobCommand,
  CreateJobCommand,
  GetJobCommand,
  ThrottlingException,
} from '@aws-sdk/client-braket';
import {
  CloudWatchLogsClient,
  DescribeLogStreamsCommand,
  GetLogEventsCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { JOB_PATHS, SETTINGS_MESSAGES, SV1, toHyperparameters } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  H2_EXACT_ENERGY,
  hybridPayload,
  iqmPayload,
  jobCount,
  jobUser,
  storedJob,
} from '../../../../test/job-flows.ts';
import { call, type TestUser } from '../../../../test/org-flows.ts';
import type { Database } from '../../../db/client.ts';
import { BraketBackend } from './braket-backend.ts';

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
const cloudWatch = mockClient(CloudWatchLogsClient);

const ACCOUNT = '123456789012';
const IMAGE = `${ACCOUNT}.dkr.ecr.us-east-1.amazonaws.com/hivqe:1`;
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  sts.restore();
  braket.restore();
  cloudWatch.restore();
  await database.close();
});
beforeEach(async () => {
  sts.reset();
  braket.reset();
  cloudWatch.reset();
  sts.on(AssumeRoleCommand).resolves({
    Credentials: {
      AccessKeyId: 'ASIAEXAMPLEEXAMPLE12',
      SecretAccessKey: SECRET,
      SessionToken: 'session-token',
      Expiration: new Date(Date.now() + 900_000),
    },
  });
  braket.on(CreateJobCommand).callsFake((input: { jobName: string }) => ({
    jobArn: `arn:aws:braket:us-east-1:${ACCOUNT}:job/${input.jobName}`,
  }));
  t = await createTestApp(
    {
      jobBackend: 'braket',
      braket: { containerImage: IMAGE, executionRoleName: 'service-role/AmazonBraketJobsExecutionRole' },
      platformAwsAccountId: '999999999999',
    },
    database,
  );
});
afterEach(async () => t.close());

/** A subscribed user whose AWS settings were saved through the settings API. */
async function braketUser(): Promise<{ user: TestUser; externalId: string }> {
  const user = await jobUser(t);
  const saved = await call(t.app, 'PUT', '/account/settings/aws', user, {
    account_id: ACCOUNT,
    aws_region: 'us-east-1',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { user, externalId: saved.json().external_id as string };
}

async function createdJob() {
  const { user, externalId } = await braketUser();
  const payload = hybridPayload(h2Form());
  const created = await createHybridJob(t, user, payload);
  return { user, externalId, payload, created };
}

const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('creating a hybrid job on Braket', () => {
  it('assumes the role with the external id and sends CreateJob with the job as Braket takes it', async () => {
    const { user, externalId, payload, created } = await createdJob();

    const assume = sts.commandCalls(AssumeRoleCommand);
    expect(assume).toHaveLength(1);
    expect(assume[0].args[0].input).toMatchObject({
      RoleArn: `arn:aws:iam::${ACCOUNT}:role/HI-VQE-Access-Role`,
      ExternalId: externalId,
    });
    expect(assume[0].args[0].input.DurationSeconds).toBeGreaterThanOrEqual(900);
    expect(assume[0].args[0].input.RoleSessionName).toMatch(/^[\w+=,.@-]{2,64}$/);

    const calls = braket.commandCalls(CreateJobCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0].args[0].input;
    expect(input.jobName).toMatch(/^[a-zA-Z0-9](-*[a-zA-Z0-9]){0,50}$/);
    expect(input.jobName!.length).toBeLessThanOrEqual(50);
    expect(input).toMatchObject({
      roleArn: `arn:aws:iam::${ACCOUNT}:role/service-role/AmazonBraketJobsExecutionRole`,
      algorithmSpecification: { containerImage: { uri: IMAGE } },
      deviceConfig: { device: SV1.arn },
      instanceConfig: payload.instance_config,
      outputDataConfig: { s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT}/jobs` },
      stoppingCondition: { maxRuntimeInSeconds: 432_000 },
      hyperParameters: toHyperparameters(payload),
      tags: { ...payload.tags, 'hivqe-job-id': expect.any(String) },
    });
    expect(input.clientToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.values(input.hyperParameters!).every((value) => typeof value === 'string')).toBe(true);
    expect(input.hyperParameters).toMatchObject({ shots: '1000', active_orbitals: '[0,1]' });

    // Braket's ARN is the job's ARN, in the user's account.
    expect(created).toEqual({
      job_arn: `arn:aws:braket:us-east-1:${ACCOUNT}:job/${input.jobName}`,
      status: 'QUEUED',
    });
    const row = await storedJob(database.db, created.job_arn);
    expect(row).toMatchObject({
      backend: 'braket',
      status: 'QUEUED',
      roleArn: `arn:aws:iam::${ACCOUNT}:role/HI-VQE-Access-Role`,
      outputDataConfig: { s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT}/jobs` },
      userId: user.id,
    });
    const detail = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, created.job_arn), user)).json();
    expect(detail.job_history).toMatchObject({ assume_role_used: true, role_arn: row.roleArn });
    expect(detail.job_parameters.output_data_config).toEqual({ s3Path: row.outputDataConfig!.s3Path });
  });

  it("answers 404 'AWS account configuration not found' without settings, and stores nothing", async () => {
    const user = await jobUser(t);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SETTINGS_MESSAGES.cloudNotFound });
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
  });

  it('answers 403 when the role cannot be assumed, without leaking anything, and stores nothing', async () => {
    const { user } = await braketUser();
    sts
      .on(AssumeRoleCommand)
      .rejects(
        awsError(
          'AccessDenied',
          'User arn:aws:iam::999:user/x with key AKIAABCDEFGHIJKLMNOP is not authorized',
        ),
      );
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/denied assuming your access role/);
    expect(res.body).not.toMatch(/AKIA|ASIA|user\/x/);
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('answers 429 when Braket throttles CreateJob', async () => {
    const { user } = await braketUser();
    braket.on(CreateJobCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'AWS is throttling requests; try again shortly.' });
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it("answers 400 with Braket's reason on a validation error, with the credentials kept out", async () => {
    const { user } = await braketUser();
    braket
      .on(CreateJobCommand)
      .rejects(awsError('ValidationException', `Invalid instanceType; secretAccessKey=${SECRET}`));
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Amazon Braket refused the request: Invalid instanceType/);
    expect(res.body).not.toContain(SECRET);
  });

  it("holds hyperparameters to Braket's limits: at most 100, one line of 1-2500 characters", async () => {
    const { user } = await braketUser();
    const extra = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`extra_${i}`, 'x']));
    // The create schema strips unknown fields, so the limits are checked on the back end's own rule.
    const backend = new BraketBackend({
      db: database.db,
      accounts: { cloudAccountFor: async () => Promise.reject(new Error('not reached')) },
      containerImage: IMAGE,
      executionRoleName: 'r',
      platformAccountId: '999999999999',
      stsRegion: 'us-east-1',
    });
    expect(backend.refusal('hybrid', extra)).toMatch(/at most 100 hyperparameters/);
    expect(backend.refusal('hybrid', { long: 'x'.repeat(2501) })).toMatch(/1 to 2500 characters/);
    expect(backend.refusal('hybrid', { two: 'a\nb' })).toMatch(/one line/);
    expect(backend.refusal('hybrid', { shots: '1000' })).toBeNull();
    expect(backend.refusal('iqm', { shots: '1000' })).toMatch(/hybrid jobs only/);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(201);
  });

  it('keeps IQM jobs on the local engine', async () => {
    const user = await jobUser(t, { admin: true });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, iqmPayload());
    expect(res.statusCode, res.body).toBe(201);
    expect((await storedJob(database.db, res.json().job_arn)).backend).toBe('local');
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
  });
});

describe('reading a Braket job', () => {
  it('brings status, times and failure reason from GetJob, CANCELLING included, into job, list and detail', async () => {
    const { user, created } = await createdJob();
    const startedAt = new Date('2026-01-02T03:04:05Z');
    braket.on(GetJobCommand).resolves({ status: 'CANCELLING', startedAt } as never);
    const job = await t.app.inject({
      method: 'GET',
      url: `/api/v1${byArn(JOB_PATHS.hybridJob, created.job_arn)}`,
      headers: { authorization: `Bearer ${user.token}`, 'x-force-refresh': 'true' },
    });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json()).toMatchObject({
      status: 'CANCELLING',
      started_at: startedAt.toISOString(),
      ended_at: null,
    });
    expect(braket.commandCalls(GetJobCommand)[0].args[0].input).toEqual({ jobArn: created.job_arn });

    const list = (await call(t.app, 'GET', JOB_PATHS.hybridJobs, user)).json();
    expect(list.jobs.map((j: { status: string }) => j.status)).toEqual(['CANCELLING']);
    const detail = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobDetail, created.job_arn), user)).json();
    expect(detail.job_history.status).toBe('CANCELLING');

    const endedAt = new Date('2026-01-02T04:00:00Z');
    braket.on(GetJobCommand).resolves({
      status: 'FAILED',
      startedAt,
      endedAt,
      failureReason: 'AlgorithmError: out of memory',
    } as never);
    const failed = await t.app.inject({
      method: 'GET',
      url: `/api/v1${byArn(JOB_PATHS.hybridJob, created.job_arn)}`,
      headers: { authorization: `Bearer ${user.token}`, 'x-force-refresh': 'true' },
    });
    expect(failed.json()).toMatchObject({
      status: 'FAILED',
      ended_at: endedAt.toISOString(),
      failure_reason: 'AlgorithmError: out of memory',
    });
  });

  it('answers 404 when Braket no longer knows the job', async () => {
    const { user, created } = await createdJob();
    braket.on(GetJobCommand).rejects(awsError('ResourceNotFoundException', 'Job not found'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1${byArn(JOB_PATHS.hybridJob, created.job_arn)}`,
      headers: { authorization: `Bearer ${user.token}`, 'x-force-refresh': 'true' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Not found in Amazon Braket/);
  });
});

describe('cancelling a Braket job', () => {
  it("sends CancelJob and answers Braket's CANCELLING", async () => {
    const { user, created } = await createdJob();
    braket.on(CancelJobCommand).resolves({ jobArn: created.job_arn, cancellationStatus: 'CANCELLING' });
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ job_arn: created.job_arn, status: 'CANCELLING' });
    expect(braket.commandCalls(CancelJobCommand)[0].args[0].input).toEqual({ jobArn: created.job_arn });
    expect((await storedJob(database.db, created.job_arn)).status).toBe('CANCELLING');
  });

  it('answers CANCELLED when Braket stopped it at once', async () => {
    const { user, created } = await createdJob();
    braket.on(CancelJobCommand).resolves({ jobArn: created.job_arn, cancellationStatus: 'CANCELLED' });
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, created.job_arn), user);
    expect(res.json()).toEqual({ job_arn: created.job_arn, status: 'CANCELLED' });
  });

  it('answers 409 for a job Braket has already ended, with its status', async () => {
    const { user, created } = await createdJob();
    braket.on(CancelJobCommand).rejects(awsError('ConflictException', 'Job is in a terminal state'));
    braket.on(GetJobCommand).resolves({ status: 'COMPLETED', endedAt: new Date() } as never);
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, created.job_arn), user);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already COMPLETED/);
  });

  it('answers 403 when the role may not cancel', async () => {
    const { user, created } = await createdJob();
    braket
      .on(CancelJobCommand)
      .rejects(awsError('AccessDeniedException', 'not authorized: braket:CancelJob'));
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, created.job_arn), user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'AWS denied access to Amazon Braket: check the permissions of your access role.',
    });
  });
});

describe('logs and metrics from CloudWatch', () => {
  const at = (seconds: number) => 1_767_225_600_000 + seconds * 1000;

  function mockLogs(jobName: string) {
    cloudWatch
      .on(DescribeLogStreamsCommand)
      .resolvesOnce({
        logStreams: [{ logStreamName: `${jobName}/algo-2-1767225600` }],
        nextToken: 'streams-2',
      })
      .resolvesOnce({ logStreams: [{ logStreamName: `${jobName}/algo-1-1767225600` }] });
    cloudWatch
      .on(GetLogEventsCommand, { nextToken: undefined })
      .resolves({
        events: [
          { timestamp: at(0), message: 'Starting HI-VQE\n' },
          {
            timestamp: at(1),
            message: 'Metrics - timestamp=1767225601.5; energy=-1.10; iteration_number=1;',
          },
        ],
        nextForwardToken: 'f/2',
      })
      .on(GetLogEventsCommand, { nextToken: 'f/2' })
      .resolves({
        events: [
          {
            timestamp: at(2),
            message: 'Metrics - timestamp=1767225602; energy=-1.13; iteration_number=2; num_states=6;',
          },
          { timestamp: at(3), message: 'Metrics - energy=oops; iteration_number=3;' },
          { timestamp: at(4), message: 'Done' },
        ],
        nextForwardToken: 'f/3',
      })
      .on(GetLogEventsCommand, { nextToken: 'f/3' })
      .resolves({ events: [], nextForwardToken: 'f/3' });
  }

  it("pages through the streams and the first instance's events", async () => {
    const { user, created } = await createdJob();
    const { jobName } = await storedJob(database.db, created.job_arn);
    mockLogs(jobName);
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.log_stream_name).toBe(`${jobName}/algo-1-1767225600`);
    expect(body.logs.map((l: { message: string }) => l.message)).toEqual([
      'Starting HI-VQE',
      'Metrics - timestamp=1767225601.5; energy=-1.10; iteration_number=1;',
      'Metrics - timestamp=1767225602; energy=-1.13; iteration_number=2; num_states=6;',
      'Metrics - energy=oops; iteration_number=3;',
      'Done',
    ]);
    expect(body.success).toBe(true);

    const describe = cloudWatch.commandCalls(DescribeLogStreamsCommand).map((c) => c.args[0].input);
    expect(describe).toEqual([
      { logGroupName: '/aws/braket/jobs', logStreamNamePrefix: `${jobName}/`, nextToken: undefined },
      { logGroupName: '/aws/braket/jobs', logStreamNamePrefix: `${jobName}/`, nextToken: 'streams-2' },
    ]);
    const tokens = cloudWatch.commandCalls(GetLogEventsCommand).map((c) => c.args[0].input.nextToken);
    expect(tokens).toEqual([undefined, 'f/2', 'f/3']);
    expect(cloudWatch.commandCalls(GetLogEventsCommand)[0].args[0].input).toMatchObject({
      logStreamName: `${jobName}/algo-1-1767225600`,
      startFromHead: true,
    });
  });

  it('parses the Metrics lines into energy points', async () => {
    const { user, created } = await createdJob();
    mockLogs((await storedJob(database.db, created.job_arn)).jobName);
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const { points } = res.json();
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({
      costFunctionCall: 1,
      energy: -1.1,
      numStates: 0,
      timestamp: new Date(1_767_225_601_500).toISOString(),
    });
    expect(points[0].error).toBeCloseTo(-1.1 - H2_EXACT_ENERGY, 12);
    expect(points[1]).toMatchObject({ costFunctionCall: 2, energy: -1.13, numStates: 6 });
    expect(points[1].error).toBeCloseTo(-1.13 - H2_EXACT_ENERGY, 12);
  });

  it('falls back to the older stream name, and answers no logs when there are none', async () => {
    const { user, created } = await createdJob();
    const { jobName } = await storedJob(database.db, created.job_arn);
    cloudWatch.on(DescribeLogStreamsCommand).resolves({ logStreams: [] });
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, created.job_arn), user);
    expect(res.json()).toMatchObject({ logs: [], message: 'No logs available' });
    const prefixes = cloudWatch
      .commandCalls(DescribeLogStreamsCommand)
      .map((c) => c.args[0].input.logStreamNamePrefix);
    expect(prefixes).toEqual([`${jobName}/`, jobName]);
  });

  it('answers 429 when CloudWatch Logs throttles', async () => {
    const { user, created } = await createdJob();
    cloudWatch.on(DescribeLogStreamsCommand).rejects(awsError('ThrottlingException', 'Rate exceeded'));
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, created.job_arn), user);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'CloudWatch Logs is throttling requests; try again shortly.' });
  });
});
