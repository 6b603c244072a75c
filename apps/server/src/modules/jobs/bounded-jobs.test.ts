import {
  ADMIN_JOBS_PATH,
  JOB_MESSAGES,
  JOB_PATHS,
  MAX_ITERATIONS,
  type AdminJobsResponse,
} from '@hivqe/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/cleanup.ts';
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
import { seedJobs } from '../../../test/job-seed.ts';
import { call, makeUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import type { JobLimits } from './job-limits.ts';

/** Issue 24 §5 (bounded jobs) and issue 23 §6 (concurrent cancels), through the API; no runner: jobs stay put. */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
const later = cleanupAfterEach();

async function app(jobLimits?: JobLimits): Promise<TestApp> {
  const t = await createTestApp(jobLimits ? { jobLimits } : {}, database);
  later(() => t.close());
  return t;
}

const cancelRows = async (jobArn: string) =>
  database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'job.cancel'), eq(auditEvents.targetId, jobArn)));

describe('numeric hyperparameters have bounds a real run needs', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['max_iter 10,000,000', { max_iter: 10_000_000 }, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_iter 1e308', { max_iter: 1e308 }, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_iter -5', { max_iter: -5 }, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_iter 2.5', { max_iter: 2.5 }, 'max_iter must be a whole number from 1 to 1,000'],
    ['shots 10,000,000', { shots: 10_000_000 }, 'shots must be a whole number from 1 to 100,000'],
    [
      'max_states 10,000,001',
      { max_states: 10_000_001 },
      'max_states must be a whole number from 1 to 10,000,000',
    ],
    [
      'max_expansion_states 1e308',
      { max_expansion_states: 1e308 },
      'max_expansion_states must be a whole number from 1 to 10,000,000',
    ],
    [
      'convergence_abstol 1e308',
      { convergence_abstol: 1e308 },
      'convergence_abstol must be a number from 0 to 1',
    ],
    ['tolerance 2', { tolerance: 2 }, 'tolerance must be a number from 0 to 1'],
    [
      'amplitude_screening_tolerance 1e308',
      { amplitude_screening_tolerance: 1e308 },
      'amplitude_screening_tolerance must be a number from 0 to 1',
    ],
    ['max_runtime 0', { max_runtime: 0 }, 'max_runtime must be a whole number from 1 to 432,000'],
    ['max_runtime 1e308', { max_runtime: 1e308 }, 'max_runtime must be a whole number from 1 to 432,000'],
    ['max_runtime 1.5', { max_runtime: 1.5 }, 'max_runtime must be a whole number from 1 to 432,000'],
  ];
  it.each(refused)(
    'refuses a cloud job with %s: 400 with the bound, nothing stored',
    async (_, changes, message) => {
      const t = await app();
      const user = await jobUser(t);
      const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, hybridPayload(h2Form(), changes));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await jobCount(database.db, user.id)).toBe(0);
    },
  );

  it('refuses an IQM job with 10,000,000 iterations or a huge exact energy, and stores nothing', async () => {
    const t = await app();
    // The IQM panel is for system administrators (jobs.md 6).
    const user = await jobUser(t, { admin: true });
    for (const [changes, message] of [
      [{ max_iterations: 10_000_000 }, 'max_iterations must be a whole number from 1 to 1,000'],
      [{ exact_energies: { '0.74': 1e308 } }, 'exact energy must be a number from -1,000,000 to 1,000,000'],
    ] as const) {
      const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, iqmPayload(changes));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('accepts the bound itself', async () => {
    const t = await app();
    const user = await jobUser(t);
    await createHybridJob(t, user, hybridPayload(h2Form(), { max_iter: MAX_ITERATIONS }));
  });
});

describe('max_runtime: default and ceiling set by the operator', () => {
  const limits: JobLimits = {
    maxActivePerUser: 20,
    workerMemoryMb: 4096,
    maxRuntime: { defaultS: 600, ceilingS: 7200 },
  };

  it('stores the default when the payload names none, and the payload’s own within the ceiling', async () => {
    const t = await app(limits);
    const user = await jobUser(t);
    const plain = await createHybridJob(t, user);
    expect((await storedJob(database.db, plain.job_arn)).maxRuntimeS).toBe(600);
    const own = await createHybridJob(t, user, hybridPayload(h2Form(), { max_runtime: 7200 }));
    expect((await storedJob(database.db, own.job_arn)).maxRuntimeS).toBe(7200);
  });

  it('refuses one above the ceiling with 400 naming it, and stores nothing', async () => {
    const t = await app(limits);
    const user = await jobUser(t);
    const res = await call(
      t.app,
      'POST',
      JOB_PATHS.hybridJobs,
      user,
      hybridPayload(h2Form(), { max_runtime: 7201 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: JOB_MESSAGES.runtimeAboveCeiling(7200), code: 'invalid_request' });
    const admin = await jobUser(t, { admin: true });
    const iqm = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, { ...iqmPayload(), max_runtime: 7201 });
    expect(iqm.statusCode).toBe(400);
    expect(iqm.json()).toEqual({ message: JOB_MESSAGES.runtimeAboveCeiling(7200), code: 'invalid_request' });
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect(await jobCount(database.db, admin.id)).toBe(0);
  });
});

describe('a system administrator cancels any job', () => {
  it('lists every user’s unfinished jobs and cancels another user’s; the audit names the admin', async () => {
    const t = await app();
    const owner = await jobUser(t);
    const admin = await makeUser(t, { admin: true, tag: 'admin' });
    const [running] = await seedJobs(database.db, owner.id, 1, ['RUNNING']);

    const listed = await call(t.app, 'GET', ADMIN_JOBS_PATH, admin);
    expect(listed.statusCode).toBe(200);
    const { jobs } = listed.json() as AdminJobsResponse;
    expect(jobs.find((job) => job.job_arn === running)).toMatchObject({
      owner_email: owner.email,
      status: 'RUNNING',
    });

    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, running), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ job_arn: running, status: 'CANCELLING' });
    const rows = await cancelRows(running);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    expect(rows[0].details).toEqual({ status: 'CANCELLING', owner_id: owner.id });
  });

  it('refuses a plain user: 404 on another user’s job, 403 on the admin list; nothing changes', async () => {
    const t = await app();
    const owner = await jobUser(t);
    const stranger = await jobUser(t);
    const [running] = await seedJobs(database.db, owner.id, 1, ['RUNNING']);
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, running), stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: JOB_MESSAGES.notFound, code: 'not_found' });
    expect((await call(t.app, 'GET', ADMIN_JOBS_PATH, stranger)).statusCode).toBe(403);
    expect((await storedJob(database.db, running)).status).toBe('RUNNING');
    expect(await cancelRows(running)).toHaveLength(0);
  });
});

describe('concurrent cancels of one job answer once', () => {
  it.each(['RUNNING', 'QUEUED'])(
    'ten at once on a %s job: one 200 and one audit row, nine 409',
    async (status) => {
      const t = await app();
      const owner = await jobUser(t);
      const [jobArn] = await seedJobs(database.db, owner.id, 1, [status]);
      await database.db.execute(sql`update jobs set ended_at = null where job_arn = ${jobArn}`);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, jobArn), owner),
        ),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const res of answers.filter((answer) => answer.statusCode === 409)) {
        expect(res.json().message).toMatch(
          /^The job is already (CANCELLING|CANCELLED); only queued or running/,
        );
      }
      expect(await cancelRows(jobArn)).toHaveLength(1);
    },
  );
});
