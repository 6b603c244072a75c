import { BraketClient, CreateJobCommand } from '@aws-sdk/client-braket';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import {
  ANKAA_3,
  AQUILA,
  ARIA_1,
  DEVICE_MESSAGES,
  FORTE_ENTERPRISE_1,
  JOB_NAME_MESSAGE,
  JOB_PATHS,
  SV1,
  jobIdFromArn,
  type Device,
} from '@hivqe/contract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { braketTestApp, braketUser, stubBraketCalls } from '../../../test/braket-mocks.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  iqmPayload,
  jobCount,
  jobUser,
  storedJob,
} from '../../../test/job-flows.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';

/**
 * Devices the forms show as unavailable are refused by the server too, with the forms' words, on every back
 * end; and a job may carry its owner's name. The clock is the app's: each test sets the instant it creates at.
 */

const sts = mockClient(STSClient);
const braket = mockClient(BraketClient);
let database: Database;
let t: TestApp;
/** The app's clock: the wall clock until a test fixes an instant. */
let instant: Date | null = null;
const now = () => instant ?? new Date();

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  sts.restore();
  braket.restore();
  await database.close();
});
beforeEach(() => {
  instant = null;
  sts.reset();
  braket.reset();
  stubBraketCalls(sts, braket);
});

// 2024-01-01 was a Monday; 2024-01-06 a Saturday.
const MONDAY_08_00 = new Date('2024-01-01T08:00:00Z');
const MONDAY_09_00 = new Date('2024-01-01T09:00:00Z');
const MONDAY_12_00 = new Date('2024-01-01T12:00:00Z');
const SATURDAY_NOON = new Date('2024-01-06T12:00:00Z');

/** The cloud payload on a device (a QPU's own region), created at `at`. */
async function createOn(user: TestUser, device: Device, at: Date) {
  instant = at;
  const payload = hybridPayload({ ...h2Form(), device: device.arn, aws_default_region: device.region ?? '' });
  return call(t.app, 'POST', JOB_PATHS.hybridJobs, user, payload);
}

const refusals: [string, Device, Date, string][] = [
  [
    'Aria-1, always disabled, even inside its window',
    ARIA_1,
    MONDAY_12_00,
    DEVICE_MESSAGES.alwaysDisabled(ARIA_1),
  ],
  ['Ankaa-3 outside its windows', ANKAA_3, MONDAY_08_00, DEVICE_MESSAGES.outsideWindow(ANKAA_3)],
  ['Aquila, an analog device, inside its window', AQUILA, SATURDAY_NOON, DEVICE_MESSAGES.analog(AQUILA)],
];

describe('on the local back end', () => {
  beforeEach(async () => {
    t = await createTestApp({ now }, database);
  });
  afterEach(async () => t.close());

  it.each(refusals)(
    'refuses %s with the form’s message and stores nothing',
    async (_, device, at, message) => {
      const user = await jobUser(t);
      const res = await createOn(user, device, at);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_request' });
      expect(await jobCount(database.db, user.id)).toBe(0);
    },
  );

  it('takes the same QPUs inside their windows: the rule is the clock’s, not the device’s', async () => {
    const user = await jobUser(t);
    expect((await createOn(user, ANKAA_3, MONDAY_09_00)).statusCode).toBe(201);
    expect((await createOn(user, FORTE_ENTERPRISE_1, MONDAY_12_00)).statusCode).toBe(201);
    expect(await jobCount(database.db, user.id)).toBe(2);
  });

  it('says a QPU job on the local engine is simulated locally, and a simulator job is not', async () => {
    const user = await jobUser(t);
    await createOn(user, ANKAA_3, MONDAY_09_00);
    await createHybridJob(t, user, hybridPayload());
    const listed = (await call(t.app, 'GET', JOB_PATHS.hybridJobs, user)).json().jobs;
    expect(listed).toEqual([
      expect.objectContaining({ device: SV1.arn, backend: 'local', simulated_locally: false }),
      expect.objectContaining({ device: ANKAA_3.arn, backend: 'local', simulated_locally: true }),
    ]);
  });

  it('names a cloud job as its owner asks, keeping the generated name in its ARN', async () => {
    const user = await jobUser(t);
    const name = 'N₂ bond scan — cc-pVDZ, run 2';
    const created = await createHybridJob(t, user, hybridPayload(h2Form(), { job_name: name }));
    expect(created.job_arn).toMatch(/:job\/hivqe-\d{13}-[0-9a-f]{4}$/);
    expect((await storedJob(database.db, created.job_arn)).jobName).toBe(name);
    const listed = await call(t.app, 'GET', JOB_PATHS.hybridJobs, user);
    expect(listed.json().jobs[0].job_name).toBe(name);

    const longest = 'x'.repeat(128);
    const named = await createHybridJob(t, user, hybridPayload(h2Form(), { job_name: longest }));
    expect((await storedJob(database.db, named.job_arn)).jobName).toBe(longest);
  });

  it('names an unnamed cloud job as before: the last segment of its ARN', async () => {
    const user = await jobUser(t);
    const created = await createHybridJob(t, user, hybridPayload());
    expect((await storedJob(database.db, created.job_arn)).jobName).toBe(jobIdFromArn(created.job_arn));
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(129)],
    ['with a line break', 'first\nsecond'],
    ['with a NUL', 'nul\u0000name'],
    ['not a string', 42],
  ])('refuses a job name that is %s, on both paths, and stores nothing', async (_, job_name) => {
    // The IQM panel is an administrator's.
    const user = await jobUser(t, { admin: true });
    for (const [path, payload] of [
      [JOB_PATHS.hybridJobs, hybridPayload(h2Form(), { job_name })],
      [JOB_PATHS.iqmJobs, { ...iqmPayload(), job_name }],
    ] as const) {
      const res = await call(t.app, 'POST', path, user, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/job_name/);
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('answers the schema’s message for a job name it refuses', async () => {
    const user = await jobUser(t);
    const res = await call(
      t.app,
      'POST',
      JOB_PATHS.hybridJobs,
      user,
      hybridPayload(h2Form(), { job_name: '' }),
    );
    expect(res.json()).toEqual({ message: `body.job_name: ${JOB_NAME_MESSAGE}`, code: 'validation_failed' });
  });

  it('names an IQM job as its owner asks, or iqm-job-{timestamp} as the wizard did', async () => {
    const user = await jobUser(t, { admin: true });
    instant = MONDAY_12_00;
    const { job_name: _name, ...unnamed } = iqmPayload();
    const defaulted = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, unnamed);
    expect(defaulted.statusCode, defaulted.body).toBe(201);
    const row = await storedJob(database.db, defaulted.json().job_arn);
    expect(row.jobName).toBe(`iqm-job-${MONDAY_12_00.getTime()}`);

    const named = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, {
      ...iqmPayload(),
      job_name: 'H₂ scan',
    });
    expect(named.statusCode, named.body).toBe(201);
    expect((await storedJob(database.db, named.json().job_arn)).jobName).toBe('H₂ scan');
  });
});

describe('on the Amazon Braket back end', () => {
  beforeEach(async () => {
    t = await braketTestApp(database, 'hivqe:1', { now });
  });
  afterEach(async () => t.close());

  it.each(refusals)('refuses %s before calling AWS, and stores nothing', async (_, device, at, message) => {
    const { user } = await braketUser(t);
    const res = await createOn(user, device, at);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
    expect(braket.commandCalls(CreateJobCommand)).toHaveLength(0);
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('sends Braket the generated name and keeps the owner’s', async () => {
    const { user } = await braketUser(t);
    const created = await createHybridJob(t, user, hybridPayload(h2Form(), { job_name: 'My H2 job' }));
    const [createJob] = braket.commandCalls(CreateJobCommand);
    expect(createJob.args[0].input.jobName).toMatch(/^hivqe-\d{13}-[0-9a-f]{4}$/);
    expect(created.job_arn.endsWith(`/${createJob.args[0].input.jobName}`)).toBe(true);
    expect((await storedJob(database.db, created.job_arn)).jobName).toBe('My H2 job');
    const job = await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, created.job_arn), user);
    expect(job.json()).toMatchObject({ job_name: 'My H2 job', backend: 'braket', simulated_locally: false });
  });
});
