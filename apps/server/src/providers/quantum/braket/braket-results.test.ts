import { Readable } from 'node:stream';
import { BraketClient } from '@aws-sdk/client-braket';
import {
  CloudWatchLogsClient,
  DescribeLogStreamsCommand,
  GetLogEventsCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { GetObjectCommand, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { STSClient } from '@aws-sdk/client-sts';
import { JOB_PATHS, type JobResultDocument } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braketTestApp, braketUser, stubBraketCalls } from '../../../../test/braket-mocks.ts';
import { h2Run, outputArchive } from '../../../../test/braket-output.ts';
import { openTestDatabase, type TestApp } from '../../../../test/harness.ts';
import { byArn, createHybridJob, h2Form, hybridPayload } from '../../../../test/job-flows.ts';
import { call, type TestUser } from '../../../../test/org-flows.ts';
import type { Database } from '../../../db/client.ts';
import { jobResults, jobs } from '../../../db/schema/jobs.ts';

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
const s3 = mockClient(S3Client);
const cloudWatch = mockClient(CloudWatchLogsClient);
const IMAGE = '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe:1';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const mock of [sts, braket, s3, cloudWatch]) mock.restore();
  await database.close();
});
beforeEach(async () => {
  for (const mock of [sts, braket, s3, cloudWatch]) mock.reset();
  stubBraketCalls(sts, braket);
  cloudWatch.on(DescribeLogStreamsCommand).resolves({ logStreams: [] });
  t = await braketTestApp(database, IMAGE);
});
afterEach(async () => t.close());

/** S3's answer carrying `bytes`, as the SDK hands a body over in Node. */
const body = (bytes: Uint8Array) =>
  Object.assign(Readable.from([bytes]), {
    transformToByteArray: async () => bytes,
  }) as unknown as GetObjectCommandOutput['Body'];

const awsError = (name: string) => Object.assign(new Error(`${name} from S3`), { name });

/** A Braket job Braket has reported COMPLETED. */
async function completedJob(): Promise<{ user: TestUser; jobArn: string; jobName: string }> {
  const { user } = await braketUser(t);
  const { job_arn: jobArn } = await createHybridJob(t, user, hybridPayload(h2Form()));
  await database.db
    .update(jobs)
    .set({
      status: 'COMPLETED',
      startedAt: new Date('2026-11-28T07:00:00Z'),
      endedAt: new Date('2026-11-28T07:05:00Z'),
    })
    .where(eq(jobs.jobArn, jobArn));
  return { user, jobArn, jobName: jobArn.split('/').at(-1)! };
}

const result = async (user: TestUser, jobArn: string) => {
  const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, jobArn), user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobResultDocument;
};

const storedResults = async (jobArn: string) => {
  const [job] = await database.db.select().from(jobs).where(eq(jobs.jobArn, jobArn));
  return database.db.select().from(jobResults).where(eq(jobResults.jobId, job.id));
};

describe("a completed Braket job's result comes from its output archive in S3", () => {
  it('fills the result card, the history and the chart from results.json, read once with the assumed role', async () => {
    const { user, jobArn, jobName } = await completedJob();
    s3.on(GetObjectCommand).resolves({ Body: body(await outputArchive()), ContentLength: 1000 });

    const document = await result(user, jobArn);
    const run = h2Run();
    expect(s3.commandCalls(GetObjectCommand).map((sent) => sent.args[0].input)).toEqual([
      { Bucket: 'amazon-braket-us-east-1-123456789012', Key: `jobs/${jobName}/data/output/model.tar.gz` },
    ]);
    expect(document.result_unavailable_reason).toBeNull();
    expect(document.molecules).toHaveLength(1);
    expect(document.molecules[0]).toMatchObject({
      energies: { final: run.energy, rhf: run.e_rhf, nuclear_repulsion: run.e_nuc, casci: run.e_casci },
      reference: { energy: run.exact_energy, source: 'user' },
      subspace_size: 4,
      full_space_size: 4,
      subspace_fraction: 1,
      string_sources: run.provenance,
      iterations: 2,
      engine_seconds: 3.5,
      cpu_seconds: 3.1,
    });
    expect(document.history).toEqual(run.history);
    expect(document.timings).toMatchObject({ wall_seconds: 300, engine_seconds: 3.5, cpu_seconds: 3.1 });

    // Stored as a local job's: the chart and a second reading need S3 no more, nor CloudWatch.
    const metrics = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, jobArn), user);
    expect(metrics.json().points).toEqual(run.history);
    expect(await result(user, jobArn)).toEqual(document);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
    expect(cloudWatch.commandCalls(GetLogEventsCommand)).toHaveLength(0);
    expect(await storedResults(jobArn)).toHaveLength(1);
  });

  it('says why the engine computed no CASCI, in its words, and nothing for an image that did not write it', async () => {
    const reason =
      'the full space (4 determinants) is larger than max_states (2) and the job did not ask for it (compute_reference)';
    const unreferenced = h2Run({ exact_energy: null, e_casci: null, reference_skip_reason: reason });
    const { user, jobArn } = await completedJob();
    s3.on(GetObjectCommand).resolves({ Body: body(await outputArchive(unreferenced)), ContentLength: 1000 });
    expect((await result(user, jobArn)).molecules[0]).toMatchObject({
      reference: null,
      reference_skip_reason: reason,
    });

    const { reference_skip_reason: _, ...older } = unreferenced;
    const before = await completedJob();
    s3.on(GetObjectCommand).resolves({ Body: body(await outputArchive(older)), ContentLength: 1000 });
    expect((await result(before.user, before.jobArn)).molecules[0]).toMatchObject({
      reference: null,
      reference_skip_reason: null,
    });
  });

  it('reads the archive once and stores the result once for simultaneous requests', async () => {
    const { user, jobArn } = await completedJob();
    s3.on(GetObjectCommand).callsFake(async () => ({
      Body: body(await outputArchive()),
      ContentLength: 1000,
    }));
    const documents = await Promise.all(Array.from({ length: 4 }, () => result(user, jobArn)));
    expect(new Set(documents.map((document) => JSON.stringify(document))).size).toBe(1);
    expect(await storedResults(jobArn)).toHaveLength(1);
    // One reading of the archive served every request.
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
  });

  it.each([
    [
      'S3 refuses the role',
      () => s3.on(GetObjectCommand).rejects(awsError('AccessDenied')),
      (uri: string) =>
        `Your access role may not read ${uri}: allow it s3:GetObject on the bucket amazon-braket-us-east-1-123456789012.`,
    ],
    [
      'the archive is missing',
      () => s3.on(GetObjectCommand).rejects(awsError('NoSuchKey')),
      (uri: string) =>
        `The job's output archive ${uri} does not exist: the job saved no results, or the file was removed.`,
    ],
    [
      'the archive is corrupt',
      () => s3.on(GetObjectCommand).resolves({ Body: body(Buffer.from('garbage')), ContentLength: 7 }),
      (uri: string) => `The job's output archive ${uri} cannot be read: it is not gzip data.`,
    ],
    [
      'S3 does not answer in time',
      () => s3.on(GetObjectCommand).rejects(awsError('TimeoutError')),
      (uri: string) =>
        `The job's results could not be read from ${uri}: Amazon S3 did not answer in time; try again shortly.`,
    ],
  ])('says why when %s, stores nothing and reads again next time', async (_, fail, reason) => {
    const { user, jobArn, jobName } = await completedJob();
    fail();
    const document = await result(user, jobArn);
    const uri = `s3://amazon-braket-us-east-1-123456789012/jobs/${jobName}/data/output/model.tar.gz`;
    expect(document.result_unavailable_reason).toBe(reason(uri));
    expect(document.molecules[0].energies).toBeNull();
    expect(await storedResults(jobArn)).toHaveLength(0);
    // Once the archive is there and readable, the next request has the result.
    s3.reset();
    s3.on(GetObjectCommand).resolves({ Body: body(await outputArchive()), ContentLength: 1000 });
    expect((await result(user, jobArn)).molecules[0].energies?.final).toBe(h2Run().energy);
  });

  it('asks S3 nothing for a job that has not completed', async () => {
    const { user } = await braketUser(t);
    const { job_arn: jobArn } = await createHybridJob(t, user, hybridPayload(h2Form()));
    const document = await result(user, jobArn);
    expect(document.status).toBe('QUEUED');
    expect(document.result_unavailable_reason).toBeNull();
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });
});
