import { JOB_MESSAGES, JOB_PATHS } from '@hivqe/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/cleanup.ts';
import { createTestApp, openTestDatabase } from '../../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  iqmPayload,
  jobCount,
  jobUser,
} from '../../../test/job-flows.ts';
import { seedJobs } from '../../../test/job-seed.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import type { JobLimits } from './job-limits.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
const later = cleanupAfterEach();

/** An app with no runner (jobs stay queued) and, when given, its own limits. */
async function appWith(jobLimits?: JobLimits) {
  const t = await createTestApp(jobLimits ? { jobLimits } : {}, database);
  later(() => t.close());
  return t;
}

const create = (t: Awaited<ReturnType<typeof appWith>>, user: TestUser, payload = hybridPayload()) =>
  call(t.app, 'POST', JOB_PATHS.hybridJobs, user, payload);

describe('at most MAX_ACTIVE_JOBS_PER_USER active jobs per user', () => {
  it('refuses the 21st queued or running job with 429 naming the limit, and stores nothing', async () => {
    const t = await appWith();
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 30, ['COMPLETED', 'FAILED', 'CANCELLED']);
    const active = await seedJobs(database.db, user.id, 20, ['QUEUED', 'RUNNING', 'CANCELLING']);

    const refused = await create(t, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: JOB_MESSAGES.tooManyActiveJobs(20),
      code: 'too_many_active_jobs',
    });
    expect(await jobCount(database.db, user.id)).toBe(50);

    // Someone else is not held back; and a cancelled job frees its owner's slot.
    const other = await jobUser(t);
    expect((await create(t, other)).statusCode).toBe(201);
    const cancel = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, active[0]), user);
    expect(cancel.json().status).toBe('CANCELLED');
    expect((await create(t, user)).statusCode).toBe(201);
  });

  it('lets exactly one of many simultaneous creates take the last slot', async () => {
    const t = await appWith();
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 19, ['QUEUED']);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(t, user)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(11).fill(429)]);
    expect(await jobCount(database.db, user.id)).toBe(20);
  });

  it('takes the limit from the setting', async () => {
    const t = await appWith({ maxActivePerUser: 2, workerMemoryMb: 4096 });
    const user = await jobUser(t);
    await createHybridJob(t, user);
    await createHybridJob(t, user);
    const refused = await create(t, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(JOB_MESSAGES.tooManyActiveJobs(2));
  });
});

/** Benzene, 96 basis functions in 6-31G*: about 236 MiB by the engine's estimate, its integrals most of it. */
const BENZENE =
  'C 0 1.396 0;C 1.209 0.698 0;C 1.209 -0.698 0;C 0 -1.396 0;C -1.209 -0.698 0;C -1.209 0.698 0;' +
  'H 0 2.479 0;H 2.147 1.24 0;H 2.147 -1.24 0;H 0 -2.479 0;H -2.147 -1.24 0;H -2.147 1.24 0';
const benzenePayload = () =>
  hybridPayload({
    ...h2Form(),
    molecules: { '1.0': BENZENE },
    exactEnergies: {},
    basis: '631gd',
    active_orbitals: [19, 20, 21, 22],
    frozen_orbitals: Array.from({ length: 19 }, (_, i) => i),
  });

describe('a job larger than a worker may hold is refused at creation (WORKER_MEMORY_MB)', () => {
  it('says the estimate and the limit, and stores nothing; a small job still passes', async () => {
    const t = await appWith({ maxActivePerUser: 20, workerMemoryMb: 200 });
    const user = await jobUser(t);
    const refused = await create(t, user, benzenePayload());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^This job would need about [\d,]+ MB of memory \(96 basis functions, 4 active orbitals\); a job on this server may use at most 200 MB\./,
    );
    expect(await jobCount(database.db, user.id)).toBe(0);
    expect((await create(t, user)).statusCode).toBe(201);
  });

  it('lets the same job through where the budget holds it', async () => {
    const t = await appWith({ maxActivePerUser: 20, workerMemoryMb: 2048 });
    const user = await jobUser(t);
    expect((await create(t, user, benzenePayload())).statusCode).toBe(201);
  });

  it('refuses, in the engine’s words, a job above the engine’s own limits, whatever the budget', async () => {
    const t = await appWith({ maxActivePerUser: 20, workerMemoryMb: 1_000_000 });
    const user = await jobUser(t);
    const refused = await create(
      t,
      user,
      hybridPayload({
        ...h2Form(),
        molecules: { '1.0': BENZENE },
        exactEnergies: {},
        basis: '631g',
        active_orbitals: Array.from({ length: 31 }, (_, i) => i + 6),
        frozen_orbitals: Array.from({ length: 6 }, (_, i) => i),
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'molecule_geometry: the active space has 31 orbitals; the engine handles at most 30',
    );
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('takes a circuit beyond the state vector’s limit: the engine samples it from a matrix-product state', async () => {
    const t = await appWith({ maxActivePerUser: 20, workerMemoryMb: 1024 });
    const user = await jobUser(t);
    const accepted = await create(
      t,
      user,
      hybridPayload({
        ...h2Form(),
        molecules: { '1.0': 'N 0 0 0;N 0 0 1.0' },
        exactEnergies: {},
        basis: '631g',
        ansatz: 'hardware_efficient',
        active_orbitals: Array.from({ length: 13 }, (_, i) => i + 2),
        frozen_orbitals: [0, 1],
      }),
    );
    expect(accepted.statusCode).toBe(201);
  });

  it('applies to IQM jobs, whose loop runs on this server', async () => {
    const t = await appWith({ maxActivePerUser: 20, workerMemoryMb: 64 });
    const admin = await jobUser(t, { admin: true });
    const refused = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/at most 64 MB/);
    expect(await jobCount(database.db, admin.id)).toBe(0);
  });
});
