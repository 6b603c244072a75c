import {
  BraketClient,
  CancelJobCommand,
  CreateJobCommand,
  GetJobCommand,
  SearchJobsCommand,
  ThrottlingException,
  type JobSummary,
} from '@aws-sdk/client-braket';
import {
  CloudWatchLogsClient,
  DescribeLogStreamsCommand,
  GetLogEventsCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { JOB_PATHS, SETTINGS_MESSAGES, SV1, toHyperparameters } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAKET_ACCOUNT, braketTestApp, braketUser, stubBraketCalls } from '../../../../test/braket-mocks.ts';
import { openTestDatabase, type TestApp } from '../../../../test/harness.ts';
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
import { call } from '../../../../test/org-flows.ts';
import type { Database } from '../../../db/client.ts';
import { jobs, type JobRow, type NewJob } from '../../../db/schema/jobs.ts';
import type { CloudAccount } from '../../../modules/account/service.ts';
import { BraketBackend, MAX_LOG_EVENTS, MAX_SEARCH_PAGES } from './braket-backend.ts';

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
const cloudWatch = mockClient(CloudWatchLogsClient);

const ACCOUNT = BRAKET_ACCOUNT;
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
  stubBraketCalls(sts, braket, SECRET);
  t = await braketTestApp(database, IMAGE);
});
afterEach(async () => t.close());

async function createdJob() {
  const { user, externalId } = await braketUser(t);
  const payload = hybridPayload(h2Form());
  const created = await createHybridJob(t, user, payload);
  return { user, externalId, payload, created };
}

const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** A back end over the test database, the user's account answered as the account module would. */
const braketBackend = (cloudAccountFor: (userId: string) => Promise<CloudAccount>) =>
  new BraketBackend({
    db: database.db,
    accounts: { cloudAccountFor },
    containerImage: IMAGE,
    executionRoleName: 'r',
    platformAccountId: '999999999999',
    stsRegion: 'us-east-1',
  });

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
      // Each job its own prefix: Braket packs its results into <prefix>/output/model.tar.gz.
      outputDataConfig: { s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT}/jobs/${input.jobName}/data` },
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
      // The role Braket runs the job with, not the access role the server assumed to create it.
      roleArn: `arn:aws:iam::${ACCOUNT}:role/service-role/AmazonBraketJobsExecutionRole`,
      // Each job its own prefix: Braket packs its results into <prefix>/output/model.tar.gz.
      outputDataConfig: { s3Path: `s3://amazon-braket-us-east-1-${ACCOUNT}/jobs/${input.jobName}/data` },
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
    expect(res.json()).toEqual({ message: SETTINGS_MESSAGES.cloudNotFound, code: 'not_found' });
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
  });

  it('answers 403 when the role cannot be assumed, without leaking anything, and stores nothing', async () => {
    const { user } = await braketUser(t);
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
    const { user } = await braketUser(t);
    braket.on(CreateJobCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'AWS is throttling requests; try again shortly.',
      code: 'rate_limited',
    });
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it("answers 400 with Braket's reason on a validation error, with the credentials kept out", async () => {
    const { user } = await braketUser(t);
    braket
      .on(CreateJobCommand)
      .rejects(awsError('ValidationException', `Invalid instanceType; secretAccessKey=${SECRET}`));
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Amazon Braket refused the request: Invalid instanceType/);
    expect(res.body).not.toContain(SECRET);
  });

  it("holds hyperparameters to Braket's limits: at most 100, one line of 1-2500 characters", async () => {
    const { user } = await braketUser(t);
    const extra = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`extra_${i}`, 'x']));
    // The create schema strips unknown fields, so the limits are checked on the back end's own rule.
    const backend = braketBackend(async () => Promise.reject(new Error('not reached')));
    await expect(backend.refusal('hybrid', extra)).resolves.toMatch(/at most 100 hyperparameters/);
    await expect(backend.refusal('hybrid', { long: 'x'.repeat(2501) })).resolves.toMatch(
      /1 to 2500 characters/,
    );
    await expect(backend.refusal('hybrid', { two: 'a\nb' })).resolves.toMatch(/one line/);
    await expect(backend.refusal('hybrid', { shots: '1000' })).resolves.toBeNull();
    await expect(backend.refusal('iqm', { shots: '1000' })).resolves.toMatch(/hybrid jobs only/);
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

describe('refreshing a page of Braket jobs with SearchJobs', () => {
  const T0 = new Date('2026-03-01T10:00:00Z');
  const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);
  /** T0 less the 15-minute clock margin, as SearchJobs takes it (RFC 3339). */
  const SINCE_T0 = '2026-03-01T09:45:00.000Z';

  /** A user's Braket jobs, created through the API, then stored as `states` says (one job each). */
  async function storedJobs(...states: Partial<NewJob>[]) {
    const { user, externalId } = await braketUser(t);
    const rows: JobRow[] = [];
    for (const state of states) {
      const { job_arn } = await createHybridJob(t, user, hybridPayload(h2Form()));
      const [row] = await database.db.update(jobs).set(state).where(eq(jobs.jobArn, job_arn)).returning();
      rows.push(row);
    }
    const account: CloudAccount = {
      source: 'user',
      accountId: ACCOUNT,
      region: 'us-east-1',
      roleArn: `arn:aws:iam::${ACCOUNT}:role/HI-VQE-Access-Role`,
      externalId,
    };
    // Only what refreshMany itself sends is counted.
    sts.resetHistory();
    braket.resetHistory();
    return { rows, backend: braketBackend(async () => account) };
  }

  const summary = (job: JobRow, said: Partial<JobSummary>): JobSummary => ({
    jobArn: job.jobArn,
    jobName: job.jobName,
    device: job.device,
    createdAt: job.createdAt,
    status: 'QUEUED',
    ...said,
  });
  const reread = async (job: JobRow) => storedJob(database.db, job.jobArn);
  const searches = () => braket.commandCalls(SearchJobsCommand).map((c) => c.args[0].input);

  it('follows the pages, stores status and times of the jobs found, and leaves the others as they were', async () => {
    const { rows, backend } = await storedJobs(
      { status: 'QUEUED', createdAt: T0 },
      { status: 'RUNNING', createdAt: hours(1), startedAt: hours(1.1) },
      { status: 'COMPLETED', createdAt: hours(-24), startedAt: hours(-23.9), endedAt: hours(-23) },
      { status: 'QUEUED', createdAt: hours(2) },
    );
    const [queued, running, done, lost] = rows;
    const doneBefore = await reread(done);
    const lostBefore = await reread(lost);
    braket
      .on(SearchJobsCommand, { nextToken: undefined })
      .resolves({
        jobs: [
          summary(running, { status: 'COMPLETED', startedAt: hours(1.1), endedAt: hours(1.5) }),
          { ...summary(running, {}), jobArn: `arn:aws:braket:us-east-1:${ACCOUNT}:job/someone-else` },
          // A terminal job is not asked about: whatever a page says of it is not stored.
          summary(done, { status: 'RUNNING' }),
        ],
        nextToken: 'page-2',
      })
      .on(SearchJobsCommand, { nextToken: 'page-2' })
      .resolves({ jobs: [summary(queued, { status: 'RUNNING', startedAt: hours(0.5) })] });

    await backend.refreshMany(rows);

    expect(searches()).toEqual([
      {
        filters: [{ name: 'createdAt', operator: 'GTE', values: [SINCE_T0] }],
        maxResults: 100,
        nextToken: undefined,
      },
      {
        filters: [{ name: 'createdAt', operator: 'GTE', values: [SINCE_T0] }],
        maxResults: 100,
        nextToken: 'page-2',
      },
    ]);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(1);
    expect(braket.commandCalls(GetJobCommand)).toHaveLength(0);
    expect(await reread(queued)).toMatchObject({ status: 'RUNNING', startedAt: hours(0.5), endedAt: null });
    expect(await reread(running)).toMatchObject({
      status: 'COMPLETED',
      startedAt: hours(1.1),
      endedAt: hours(1.5),
    });
    expect(await reread(done)).toEqual(doneBefore);
    expect(await reread(lost)).toEqual(lostBefore);
    // The rows handed in are the page the jobs module answers with: they carry the news too.
    expect(queued.status).toBe('RUNNING');
    expect(running.endedAt).toEqual(hours(1.5));
  });

  it('stops as soon as every job is found', async () => {
    const { rows, backend } = await storedJobs({ status: 'RUNNING', createdAt: T0 });
    braket
      .on(SearchJobsCommand)
      .resolves({ jobs: [summary(rows[0], { status: 'CANCELLING' })], nextToken: 'more' });
    await backend.refreshMany(rows);
    expect(searches()).toHaveLength(1);
    expect((await reread(rows[0])).status).toBe('CANCELLING');
  });

  it(`gives up after ${MAX_SEARCH_PAGES} pages, leaving a job it never met as it was`, async () => {
    const { rows, backend } = await storedJobs({ status: 'QUEUED', createdAt: T0 });
    const before = await reread(rows[0]);
    braket.on(SearchJobsCommand).callsFake((input: { nextToken?: string }) => ({
      jobs: [],
      nextToken: `${Number(input.nextToken ?? 0) + 1}`,
    }));
    await backend.refreshMany(rows);
    expect(searches().map((input) => input.nextToken)).toEqual([
      undefined,
      ...Array.from({ length: MAX_SEARCH_PAGES - 1 }, (_, i) => `${i + 1}`),
    ]);
    expect(await reread(rows[0])).toEqual(before);
  });

  it('asks GetJob for the failure reason of a job found FAILED', async () => {
    const { rows, backend } = await storedJobs({ status: 'RUNNING', createdAt: T0 });
    braket
      .on(SearchJobsCommand)
      .resolves({ jobs: [summary(rows[0], { status: 'FAILED', endedAt: hours(1) })] });
    braket.on(GetJobCommand).resolves({
      status: 'FAILED',
      startedAt: hours(0.5),
      endedAt: hours(1),
      failureReason: 'AlgorithmError: out of memory',
    } as never);
    await backend.refreshMany(rows);
    expect(braket.commandCalls(GetJobCommand).map((c) => c.args[0].input)).toEqual([
      { jobArn: rows[0].jobArn },
    ]);
    expect(await reread(rows[0])).toMatchObject({
      status: 'FAILED',
      startedAt: hours(0.5),
      endedAt: hours(1),
      failureReason: 'AlgorithmError: out of memory',
    });
  });

  it("searches each region apart, and skips what cannot be found there or isn't Braket's", async () => {
    const { rows, backend } = await storedJobs(
      { status: 'QUEUED', createdAt: hours(3) },
      { status: 'RUNNING', createdAt: T0 },
      // Still carrying the provisional ARN in the platform's account.
      { status: 'QUEUED', createdAt: hours(-5) },
      { status: 'QUEUED', createdAt: hours(-6), backend: 'local' },
    );
    const [east, north, provisional, local] = rows;
    const moved = `arn:aws:braket:eu-north-1:${ACCOUNT}:job/${north.jobName}`;
    await database.db.update(jobs).set({ jobArn: moved }).where(eq(jobs.id, north.id));
    north.jobArn = moved;
    const platform = `arn:aws:braket:us-west-1:999999999999:job/${provisional.jobName}`;
    await database.db.update(jobs).set({ jobArn: platform }).where(eq(jobs.id, provisional.id));
    provisional.jobArn = platform;
    braket.on(SearchJobsCommand).resolves({
      jobs: [east, north, provisional, local].map((job) => summary(job, { status: 'RUNNING' })),
    });

    await backend.refreshMany(rows);

    const calls = braket.commandCalls(SearchJobsCommand);
    const byRegion = Object.fromEntries(
      await Promise.all(
        calls.map(async (c) => [
          await (c.thisValue as BraketClient).config.region(),
          c.args[0].input.filters![0].values,
        ]),
      ),
    );
    expect(byRegion).toEqual({
      'us-east-1': [new Date(hours(3).getTime() - 15 * 60_000).toISOString()],
      'eu-north-1': [SINCE_T0],
    });
    expect((await reread(east)).status).toBe('RUNNING');
    expect((await reread(north)).status).toBe('RUNNING');
    expect((await reread(provisional)).status).toBe('QUEUED');
    expect((await reread(local)).status).toBe('QUEUED');
  });

  it('runs when the jobs panel lists, and a failed search leaves the list as stored rather than failing it', async () => {
    const { user } = await braketUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload(h2Form()));
    const listed = async () => {
      const res = await call(t.app, 'GET', JOB_PATHS.hybridJobs, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().jobs.map((job: { status: string }) => job.status);
    };
    const row = await storedJob(database.db, job_arn);
    braket.on(SearchJobsCommand).resolves({ jobs: [summary(row, { status: 'RUNNING' })] });
    expect(await listed()).toEqual(['RUNNING']);
    expect((await reread(row)).status).toBe('RUNNING');

    braket
      .on(SearchJobsCommand)
      .rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 429 } }));
    expect(await listed()).toEqual(['RUNNING']);
  });

  it('asks nothing when every job of the page has ended', async () => {
    const { rows, backend } = await storedJobs({ status: 'COMPLETED' }, { status: 'CANCELLED' });
    await backend.refreshMany(rows);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(searches()).toHaveLength(0);
  });

  it.each([
    [
      'throttling',
      new ThrottlingException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 429 } }),
      { statusCode: 429, message: 'AWS is throttling requests; try again shortly.' },
    ],
    [
      'access denied',
      awsError('AccessDeniedException', 'not authorized: braket:SearchJobs'),
      {
        statusCode: 403,
        message: 'AWS denied access to Amazon Braket: check the permissions of your access role.',
      },
    ],
  ])('answers %s as GetJob does', async (_, error, expected) => {
    const { rows, backend } = await storedJobs({ status: 'RUNNING', createdAt: T0 });
    braket.on(SearchJobsCommand).rejects(error);
    braket.on(GetJobCommand).rejects(error);
    await expect(backend.refreshMany(rows)).rejects.toMatchObject(expected);
    await expect(backend.refresh(rows[0])).rejects.toMatchObject(expected);
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
      code: 'cloud_access_denied',
    });
  });
});

describe('logs and metrics from CloudWatch', () => {
  const at = (seconds: number) => 1_767_225_600_000 + seconds * 1000;

  /** Three instances' streams, listed over two pages out of order; algo-1 pages its events twice. */
  function mockLogs(jobName: string) {
    const stream = (instance: number) => `${jobName}/algo-${instance}-1767225600`;
    cloudWatch
      .on(DescribeLogStreamsCommand)
      .resolvesOnce({
        logStreams: [{ logStreamName: stream(10) }, { logStreamName: stream(2) }],
        nextToken: 'streams-2',
      })
      .resolvesOnce({ logStreams: [{ logStreamName: stream(1) }] });
    cloudWatch
      .on(GetLogEventsCommand, { logStreamName: stream(1), nextToken: undefined })
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
      .on(GetLogEventsCommand, { logStreamName: stream(1), nextToken: 'f/2' })
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
      .on(GetLogEventsCommand, { logStreamName: stream(1), nextToken: 'f/3' })
      .resolves({ events: [], nextForwardToken: 'f/3' })
      .on(GetLogEventsCommand, { logStreamName: stream(2), nextToken: undefined })
      .resolves({
        events: [
          { timestamp: at(0), message: 'Worker 2 starting' },
          {
            timestamp: at(2.5),
            message: 'Metrics - timestamp=1767225602.5; energy=-1.135; iteration_number=3;',
          },
          { timestamp: at(4), message: 'Worker 2 done' },
          { timestamp: at(4), message: 'Worker 2 exiting' },
        ],
        nextForwardToken: 'g/1',
      })
      .on(GetLogEventsCommand, { logStreamName: stream(2), nextToken: 'g/1' })
      .resolves({ events: [], nextForwardToken: 'g/1' })
      .on(GetLogEventsCommand, { logStreamName: stream(10), nextToken: undefined })
      .resolves({ events: [{ timestamp: at(0), message: 'Worker 10 starting' }], nextForwardToken: 'h/1' })
      .on(GetLogEventsCommand, { logStreamName: stream(10), nextToken: 'h/1' })
      .resolves({ events: [], nextForwardToken: 'h/1' });
  }

  /** Which stream (its instance) and token each GetLogEvents call asked for. */
  const eventReads = () =>
    cloudWatch.commandCalls(GetLogEventsCommand).map((c) => {
      const { logStreamName, nextToken, startFromHead } = c.args[0].input;
      expect(startFromHead).toBe(true);
      return [logStreamName!.split('/')[1].split('-').slice(0, 2).join('-'), nextToken];
    });

  it('pages through the streams and merges every instance by time, algo-1 named', async () => {
    const { user, created } = await createdJob();
    const { jobName } = await storedJob(database.db, created.job_arn);
    mockLogs(jobName);
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.log_stream_name).toBe(`${jobName}/algo-1-1767225600`);
    // Ties keep instance order (algo-2 before algo-10), then each stream's own order.
    expect(body.logs.map((l: { message: string }) => l.message)).toEqual([
      'Starting HI-VQE',
      'Worker 2 starting',
      'Worker 10 starting',
      'Metrics - timestamp=1767225601.5; energy=-1.10; iteration_number=1;',
      'Metrics - timestamp=1767225602; energy=-1.13; iteration_number=2; num_states=6;',
      'Metrics - timestamp=1767225602.5; energy=-1.135; iteration_number=3;',
      'Metrics - energy=oops; iteration_number=3;',
      'Done',
      'Worker 2 done',
      'Worker 2 exiting',
    ]);
    expect(body.logs[1].timestamp).toBe(new Date(at(0)).toISOString());
    expect(body.success).toBe(true);

    const describe = cloudWatch.commandCalls(DescribeLogStreamsCommand).map((c) => c.args[0].input);
    expect(describe).toEqual([
      { logGroupName: '/aws/braket/jobs', logStreamNamePrefix: `${jobName}/`, nextToken: undefined },
      { logGroupName: '/aws/braket/jobs', logStreamNamePrefix: `${jobName}/`, nextToken: 'streams-2' },
    ]);
    expect(eventReads()).toEqual([
      ['algo-1', undefined],
      ['algo-1', 'f/2'],
      ['algo-1', 'f/3'],
      ['algo-2', undefined],
      ['algo-2', 'g/1'],
      ['algo-10', undefined],
      ['algo-10', 'h/1'],
    ]);
  });

  it('parses the Metrics lines of every stream into energy points', async () => {
    const { user, created } = await createdJob();
    mockLogs((await storedJob(database.db, created.job_arn)).jobName);
    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const { points } = res.json();
    expect(points).toHaveLength(3);
    expect(points[0]).toMatchObject({
      costFunctionCall: 1,
      energy: -1.1,
      numStates: 0,
      timestamp: new Date(1_767_225_601_500).toISOString(),
    });
    expect(points[0].error).toBeCloseTo(-1.1 - H2_EXACT_ENERGY, 12);
    expect(points[1]).toMatchObject({ costFunctionCall: 2, energy: -1.13, numStates: 6 });
    expect(points[1].error).toBeCloseTo(-1.13 - H2_EXACT_ENERGY, 12);
    expect(points[2]).toMatchObject({
      costFunctionCall: 3,
      energy: -1.135,
      timestamp: new Date(1_767_225_602_500).toISOString(),
    });
  });

  it(`answers the first ${MAX_LOG_EVENTS} events of all streams together, reading no further`, async () => {
    const { user, created } = await createdJob();
    const { jobName } = await storedJob(database.db, created.job_arn);
    const [one, two] = [`${jobName}/algo-1-1767225600`, `${jobName}/algo-2-1767225600`];
    // algo-1 logs at even seconds, algo-2 at odd ones.
    const events = (instance: 1 | 2, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        timestamp: at(2 * i + instance - 1),
        message: `${instance}-${i}`,
      }));
    cloudWatch
      .on(DescribeLogStreamsCommand)
      .resolves({ logStreams: [{ logStreamName: two }, { logStreamName: one }] });
    cloudWatch
      .on(GetLogEventsCommand, { logStreamName: one, nextToken: undefined })
      .resolves({ events: events(1, MAX_LOG_EVENTS), nextForwardToken: 'f/2' })
      .on(GetLogEventsCommand, { logStreamName: one, nextToken: 'f/2' })
      .resolves({ events: [{ timestamp: at(1e6), message: 'never read' }], nextForwardToken: 'f/3' })
      .on(GetLogEventsCommand, { logStreamName: two, nextToken: undefined })
      .resolves({ events: events(2, 3000), nextForwardToken: 'g/1' })
      .on(GetLogEventsCommand, { logStreamName: two, nextToken: 'g/1' })
      .resolves({ events: [], nextForwardToken: 'g/1' });

    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const messages = (res.json().logs as { message: string }[]).map((l) => l.message);
    expect(messages).toHaveLength(MAX_LOG_EVENTS);
    // Up to 5999 s both instances alternate; after algo-2's last event, algo-1 fills the rest.
    expect(messages.slice(0, 4)).toEqual(['1-0', '2-0', '1-1', '2-1']);
    expect(messages.slice(5998, 6002)).toEqual(['1-2999', '2-2999', '1-3000', '1-3001']);
    expect(messages.at(-1)).toBe('1-6999');
    expect(messages.filter((m) => m.startsWith('2-'))).toHaveLength(3000);
    expect(eventReads()).toEqual([
      ['algo-1', undefined],
      ['algo-2', undefined],
      ['algo-2', 'g/1'],
    ]);
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
    expect(res.json()).toEqual({
      message: 'CloudWatch Logs is throttling requests; try again shortly.',
      code: 'rate_limited',
    });
  });
});
