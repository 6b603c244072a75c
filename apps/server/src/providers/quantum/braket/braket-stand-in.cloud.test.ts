import { STSClient } from '@aws-sdk/client-sts';
import { startAwsStandIn, type AwsStandIn, type StandInJob } from '@hivqe/aws-stand-in';
import { CHEMICAL_ACCURACY_MHA, JOB_PATHS, type JobResultDocument } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { braketTestApp, braketUser, stubAssumeRole } from '../../../../test/braket-mocks.ts';
import { runJobProgram } from '../../../../test/braket-job-process.ts';
import { openTestDatabase, type TestApp } from '../../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  H2_EXACT_ENERGY,
  hybridPayload,
} from '../../../../test/job-flows.ts';
import { call } from '../../../../test/org-flows.ts';
import type { Database } from '../../../db/client.ts';

const IMAGE = '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe:1';
const BUCKET = 'amazon-braket-us-east-1-123456789012';

// STS is the platform's own and stays mocked; Braket, S3 and CloudWatch Logs are the stand-in's.
const sts = mockClient(STSClient);
let database: Database;
let aws: AwsStandIn;
let t: TestApp;
/** The runs of the job program the stand-in started, settled when each job ends. */
const runs: Promise<void>[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  aws = await startAwsStandIn({
    buckets: [BUCKET],
    runJob: (job: StandInJob) => {
      const run = runJobProgram(job);
      runs.push(run.catch(() => undefined));
      return run;
    },
  });
  stubAssumeRole(sts);
  t = await braketTestApp(database, IMAGE, {}, { endpoint: aws.endpoint });
});
afterAll(async () => {
  await t.close();
  await aws.close();
  sts.restore();
  await database.close();
});

describe('the Braket back end against the AWS stand-in, the job program inside the job', () => {
  it('shows the result the job left in S3: CreateJob, GetJob, the output archive and the metrics', async () => {
    const { user } = await braketUser(t);
    const created = await createHybridJob(t, user, hybridPayload(h2Form()));
    expect(runs).toHaveLength(1);
    await runs[0];

    const refreshed = await t.app.inject({
      method: 'GET',
      url: `/api/v1${byArn(JOB_PATHS.hybridJob, created.job_arn)}`,
      headers: { authorization: `Bearer ${user.token}`, 'x-force-refresh': 'true' },
    });
    expect(refreshed.json().status, JSON.stringify(aws.requests.filter((r) => r.error))).toBe('COMPLETED');

    const res = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, created.job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json() as JobResultDocument;
    expect(document.result_unavailable_reason).toBeNull();
    const [molecule] = document.molecules;
    expect(Math.abs(molecule.energies!.final - H2_EXACT_ENERGY) * 1000).toBeLessThan(CHEMICAL_ACCURACY_MHA);
    expect(molecule.iterations).toBeGreaterThan(0);
    expect(document.history).toHaveLength(molecule.iterations!);
    expect(document.history.at(-1)!.energy).toBe(molecule.energies!.final);

    // The archive was read where Braket's SDK reads it, with requests the real services would take.
    const jobName = created.job_arn.split('/').at(-1);
    const archive = `jobs/${jobName}/data/output/model.tar.gz`;
    const reads = aws.requests.filter(
      (request) => request.operation === 'GetObject' && request.input?.Key === archive,
    );
    expect(reads.map((request) => request.input?.Bucket)).toEqual([BUCKET]);
    const consoleCalls = aws.requests.filter((request) =>
      ['CreateJob', 'GetJob', 'GetObject'].includes(request.operation ?? ''),
    );
    expect(consoleCalls.filter((request) => request.error)).toEqual([]);

    const metrics = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, created.job_arn), user);
    expect(metrics.json().points).toEqual(document.history);
  });
});
