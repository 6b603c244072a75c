import { BraketClient, CreateJobCommand, ThrottlingException } from '@aws-sdk/client-braket';
import { STSClient } from '@aws-sdk/client-sts';
import { JOB_PATHS, type CreateHybridJobResponse, type ScanResponse } from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAKET_ACCOUNT, braketTestApp, braketUser, stubBraketCalls } from '../../../test/braket-mocks.ts';
import { openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { h2Form, hybridPayload, jobCount, storedJob } from '../../../test/job-flows.ts';
import { call } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
const IMAGE = `${BRAKET_ACCOUNT}.dkr.ecr.us-east-1.amazonaws.com/hivqe:1`;

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
  stubBraketCalls(sts, braket, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  t = await braketTestApp(database, IMAGE);
});
afterEach(async () => t.close());

const BONDS = { '0.74': 'H 0 0 0;H 0 0 0.74', '0.6': 'H 0 0 0;H 0 0 0.6', '1.0': 'H 0 0 0;H 0 0 1.0' };

describe('a bond scan on Braket', () => {
  it('sends one CreateJob per bond length, each job named after its bond length, and reads them as one scan', async () => {
    const { user } = await braketUser(t);
    const res = await call(
      t.app,
      'POST',
      JOB_PATHS.hybridJobs,
      user,
      hybridPayload({ ...h2Form(), molecules: BONDS }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { scan } = res.json() as CreateHybridJobResponse;

    const inputs = braket.commandCalls(CreateJobCommand).map((call) => call.args[0].input);
    expect(inputs.map((input) => input.jobName)).toEqual(
      ['0p74', '0p6', '1p0'].map((bond) => `${scan!.scan_name}-${bond}`),
    );
    expect(inputs.map((input) => input.hyperParameters?.molecule_geometry)).toEqual(Object.values(BONDS));
    expect(inputs.every((input) => input.jobName!.length <= 50)).toBe(true);
    // Braket's ARNs, each job in the user's account.
    expect(scan!.jobs.map((job) => job.job_arn)).toEqual(
      inputs.map((input) => `arn:aws:braket:us-east-1:${BRAKET_ACCOUNT}:job/${input.jobName}`),
    );
    for (const job of scan!.jobs)
      expect((await storedJob(database.db, job.job_arn)).scanId).toBe(scan!.scan_id);

    const read = await call(t.app, 'GET', `${JOB_PATHS.hybridJobScan}?scan_id=${scan!.scan_id}`, user);
    expect((read.json() as ScanResponse).jobs.map((job) => [job.bond_length, job.status])).toEqual([
      [0.6, 'QUEUED'],
      [0.74, 'QUEUED'],
      [1.0, 'QUEUED'],
    ]);
    expect(await jobCount(database.db, user.id)).toBe(3);
  });

  it('keeps the jobs Braket accepted when it refuses one, and removes that one and those after it', async () => {
    const { user } = await braketUser(t);
    braket
      .on(CreateJobCommand)
      .resolvesOnce({ jobArn: `arn:aws:braket:us-east-1:${BRAKET_ACCOUNT}:job/accepted` })
      .rejectsOnce(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    const res = await call(
      t.app,
      'POST',
      JOB_PATHS.hybridJobs,
      user,
      hybridPayload({ ...h2Form(), molecules: BONDS }),
    );
    expect(res.statusCode).toBe(429);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(2);
    expect(await jobCount(database.db, user.id)).toBe(1);
    const accepted = await storedJob(database.db, `arn:aws:braket:us-east-1:${BRAKET_ACCOUNT}:job/accepted`);
    expect(accepted.hyperparameters.geometry_tag).toBe('0.74');
  });
});
