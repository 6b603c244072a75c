import { JOB_MESSAGES, JOB_PATHS, MOLECULE_ENERGY_MISMATCH_MESSAGE, jobIdFromArn } from '@hivqe/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { byArn, iqmPayload, jobCount, jobUser, storedJob } from '../../../test/job-flows.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  t = await createTestApp({}, database);
});
afterEach(async () => t.close());

const IQM_ARN = /^arn:aws:braket:eu-west-1:000000000000:job\/[0-9a-f-]{36}$/;

async function createIqmJob(user: TestUser, payload: object = iqmPayload()) {
  const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { job_arn: string; status: string };
}

describe('IQM jobs', () => {
  it('queues a bond scan on the local engine and reads it back by the id in its ARN', async () => {
    const admin = await jobUser(t, { admin: true });
    const payload = iqmPayload();
    const created = await createIqmJob(admin, payload);
    expect(created.status).toBe('QUEUED');
    expect(created.job_arn).toMatch(IQM_ARN);
    const id = jobIdFromArn(created.job_arn);
    const row = await storedJob(database.db, created.job_arn);
    expect(row).toMatchObject({ id, kind: 'iqm', backend: 'local', device: 'garnet', userId: admin.id });

    const job = await call(t.app, 'GET', JOB_PATHS.iqmJob(id), admin);
    expect(job.statusCode).toBe(200);
    expect(job.json()).toEqual({
      job_name: payload.job_name,
      status: 'QUEUED',
      job_arn: created.job_arn,
      device: 'garnet',
      // No IQM Resonance configured: the local engine simulates Garnet's shots.
      backend: 'local',
      simulated_locally: true,
      created_at: row.createdAt.toISOString(),
      started_at: null,
      ended_at: null,
      hyperparameters: expect.objectContaining({
        shots: '1000',
        max_iterations: '100',
        molecules: JSON.stringify(payload.hyperparameters.molecules),
        exact_energies: JSON.stringify(payload.hyperparameters.exact_energies),
        active_orbitals: '[0,1]',
      }),
      output_data_config: null,
      tags: payload.tags,
      // Only a running job's IQM job waits in IQM's queue.
      queue: null,
    });
  });

  it('gives the form’s any-computer device the default computer', async () => {
    const admin = await jobUser(t, { admin: true });
    const { job_arn } = await createIqmJob(admin, { ...iqmPayload(), device: 'iqm_resonance' });
    expect((await storedJob(database.db, job_arn)).device).toBe('garnet');
  });

  it('lists the user’s IQM jobs only, newest first, with next_token; cloud calls do not show them', async () => {
    const admin = await jobUser(t, { admin: true });
    const arns = [];
    for (let i = 0; i < 3; i++) arns.push((await createIqmJob(admin)).job_arn);
    const first = (await call(t.app, 'GET', `${JOB_PATHS.iqmJobs}?max_results=2`, admin)).json();
    expect(first.jobs.map((job: { job_arn: string }) => job.job_arn)).toEqual([arns[2], arns[1]]);
    const second = (
      await call(t.app, 'GET', `${JOB_PATHS.iqmJobs}?max_results=2&next_token=${first.next_token}`, admin)
    ).json();
    expect(second).toEqual({ jobs: [expect.objectContaining({ job_arn: arns[0] })], next_token: null });

    expect((await call(t.app, 'GET', JOB_PATHS.hybridJobs, admin)).json().jobs).toEqual([]);
    expect((await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, arns[0]), admin)).statusCode).toBe(404);
  });

  it('lists each administrator’s own jobs; any administrator reads one by id, an unknown id is 404', async () => {
    const owner = await jobUser(t, { admin: true });
    const other = await makeUser(t, { admin: true });
    const { job_arn } = await createIqmJob(owner);
    expect((await call(t.app, 'GET', JOB_PATHS.iqmJobs, other)).json().jobs).toEqual([]);
    const read = await call(t.app, 'GET', JOB_PATHS.iqmJob(jobIdFromArn(job_arn)), other);
    expect(read.json().job_arn).toBe(job_arn);
    for (const id of ['not-a-uuid', crypto.randomUUID()]) {
      const res = await call(t.app, 'GET', JOB_PATHS.iqmJob(id), other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.notFound, code: 'not_found' });
    }
  });

  it('is for system administrators, as the IQM page is', async () => {
    const user = await jobUser(t);
    for (const [method, url] of [
      ['GET', JOB_PATHS.iqmJobs],
      ['GET', JOB_PATHS.iqmJob(crypto.randomUUID())],
      ['POST', JOB_PATHS.iqmJobs],
    ] as const) {
      const res = await call(t.app, method, url, user, method === 'POST' ? iqmPayload() : undefined);
      expect(res.statusCode).toBe(403);
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it.each([
    [
      'an energy for a bond length no molecule has',
      { exact_energies: { '0.74': -1.1, '2.0': -1 } },
      MOLECULE_ENERGY_MISMATCH_MESSAGE,
    ],
    ['no molecule', { molecules: {}, exact_energies: {} }, 'molecules must hold at least one molecule'],
    ['shots 0', { shots: 0 }, 'shots must be a whole number from 1'],
    ['overlapping orbitals', { frozen_orbitals: [0] }, 'An orbital cannot be both active and frozen'],
  ])('refuses %s with 400 and creates nothing', async (_case, changes, message) => {
    const admin = await jobUser(t, { admin: true });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload(changes));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await jobCount(database.db, admin.id)).toBe(0);
  });

  it('refuses an unknown device and an administrator without a permission source', async () => {
    const admin = await jobUser(t, { admin: true });
    const device = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, { ...iqmPayload(), device: 'osprey' });
    expect(device.statusCode).toBe(400);
    expect(device.json().message).toContain('device must be one of');
    const unsubscribed = await makeUser(t, { admin: true });
    expect((await call(t.app, 'POST', JOB_PATHS.iqmJobs, unsubscribed, iqmPayload())).statusCode).toBe(403);
    expect(await jobCount(database.db, unsubscribed.id)).toBe(0);
  });
});
