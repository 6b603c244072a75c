import {
  buildHybridJobPayload,
  buildIqmJobPayload,
  defaultCloudJobForm,
  defaultIqmJobForm,
  JOB_PATHS,
  type HybridJobPayload,
  type IqmJobPayload,
  type JobForm,
} from '@hivqe/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { jobResults, jobs, type JobRow } from '../src/db/schema/index.ts';
import { call, makeUser, subscribe, type TestUser } from './org-flows.ts';
import type { TestApp } from './harness.ts';

/** Exact (CASCI) ground-state energy of H2 at 0.74 Å in STO-3G (shared/engine.md). */
export const H2_EXACT_ENERGY = -1.137283834;
/** Chemical accuracy. */
export const CHEMICAL_ACCURACY = 1.6e-3;

/** The cloud form filled in for a molecule, as the console's form would be. */
function cloudForm(changes: Partial<JobForm>): JobForm {
  return { ...defaultCloudJobForm({}), ...changes };
}

/** H2 in STO-3G on both orbitals: the engine finishes it in well under a second. */
export const h2Form = () =>
  cloudForm({
    molecules: { '0.74': 'H 0 0 0;H 0 0 0.74' },
    exactEnergies: { '0.74': H2_EXACT_ENERGY },
    basis: 'sto-3g',
    active_orbitals: [0, 1],
    frozen_orbitals: [],
  });

/** N2 in 6-31G, 10 active orbitals, early stopping off: runs for half a minute unless cancelled. */
export const n2LongForm = () => {
  const form = cloudForm({ basis: '631g', convergence_count: 0 });
  return { ...form, parameters: { ...form.parameters, maxIterations: 1000 } };
};

/** The create payload the console sends for a form. */
export const hybridPayload = (form: JobForm = h2Form(), changes: Record<string, unknown> = {}) => ({
  ...buildHybridJobPayload(form),
  ...changes,
});

/** The IQM wizard's payload: a bond scan of H2 at two lengths. */
export const iqmPayload = (changes: Partial<IqmJobPayload['hyperparameters']> = {}): IqmJobPayload => {
  const form: JobForm = {
    ...defaultIqmJobForm({}),
    molecules: { '0.74': 'H 0 0 0;H 0 0 0.74', '0.8': 'H 0 0 0;H 0 0 0.8' },
    exactEnergies: { '0.74': H2_EXACT_ENERGY, '0.8': -1.13 },
    basis: 'sto-3g',
    active_orbitals: [0, 1],
    frozen_orbitals: [],
    device: 'garnet',
  };
  const payload = buildIqmJobPayload(form, new Date());
  return { ...payload, hyperparameters: { ...payload.hyperparameters, ...changes } };
};

/** A signed-in user with an active personal marketplace subscription: they may create jobs. */
export async function jobUser(t: TestApp, options: { admin?: boolean; tag?: string } = {}) {
  const user = await makeUser(t, options);
  await subscribe(t.database, user);
  return user;
}

export async function createHybridJob(
  t: TestApp,
  user: TestUser,
  payload: HybridJobPayload | Record<string, unknown> = hybridPayload(),
) {
  const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { job_arn: string; status: string };
}

export const byArn = (path: string, jobArn: string) => `${path}?job_arn=${encodeURIComponent(jobArn)}`;

export async function storedJob(db: Db, jobArn: string): Promise<JobRow> {
  const [row] = await db.select().from(jobs).where(eq(jobs.jobArn, jobArn));
  return row;
}

/**
 * Stores an H2 (STO-3G) run ending at `energy` as the job's result, as a result from before the space and CPU
 * time were measured: neither is stored. 3 iterations, 4 determinants, 0.5 s.
 */
export async function storeH2Result(db: Db, jobId: string, energy: number): Promise<void> {
  await db.insert(jobResults).values({
    jobId,
    result: {
      geometryTag: null,
      moleculeGeometry: 'H 0 0 0;H 0 0 0.74',
      exactEnergy: null,
      energy,
      eRhf: -1.1167,
      eNuc: 0.7151,
      eCasci: -1.1373,
      numStates: 4,
      iterations: 3,
      seconds: 0.5,
    },
  });
}

export async function jobCount(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.userId, userId));
  return n;
}

/**
 * How long a test waits for real work (a job, a scan, a worker) before it fails. The wait ends at the event, so
 * the ceiling costs nothing when the work is done; it only has to hold on a loaded laptop, where the same run
 * takes several times longer than on an idle machine (issue 27). The server project's test timeout is above it.
 */
export const WORK_CEILING_MS = 600_000;

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = WORK_CEILING_MS,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const waitForStatus = (db: Db, jobArn: string, statuses: string[], timeoutMs?: number) =>
  waitFor(
    async () => {
      const job = await storedJob(db, jobArn);
      return statuses.includes(job.status) ? job : undefined;
    },
    timeoutMs,
    `${jobArn} to reach ${statuses.join(' or ')}`,
  );
