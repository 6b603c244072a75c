import {
  JOB_PATHS,
  MAX_SCAN_JOBS,
  SCAN_FIRST_MOLECULE_MESSAGE,
  SCAN_MESSAGES,
  type CreateHybridJobResponse,
  type HybridJobListResponse,
  type JobForm,
  type ScanResponse,
} from '@hivqe/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test/cleanup.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { appWithRunner } from '../../../test/running-app.ts';
import {
  CHEMICAL_ACCURACY,
  H2_EXACT_ENERGY,
  createHybridJob,
  h2Form,
  hybridPayload,
  jobCount,
  jobUser,
  storedJob,
  waitFor,
} from '../../../test/job-flows.ts';
import { seedJobs } from '../../../test/job-seed.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { JobCheckpointRepo } from '../../worker/job-checkpoints.ts';

const later = cleanupAfterEach();

let shared: Database;
beforeAll(async () => {
  shared = await openTestDatabase();
});
afterAll(async () => shared.close());

/**
 * An app with no runner (jobs stay where the API puts them) over the file's database; with `run`, an app whose
 * one started local runner executes the jobs, over a database of its own, so it runs no other test's jobs.
 */
async function setup(run = false): Promise<{ t: TestApp; database: Database }> {
  if (!run) {
    const t = await createTestApp({}, shared);
    later(() => t.close());
    return { t, database: shared };
  }
  return appWithRunner(later);
}

const h2 = (bond: string) => `H 0 0 0;H 0 0 ${bond}`;

/** H2 in STO-3G at three bond lengths, the first with the user's exact energy, the others against CASCI. */
const h2ScanForm = (): JobForm => ({
  ...h2Form(),
  molecules: { '0.74': h2('0.74'), '0.6': h2('0.6'), '1.0': h2('1.0') },
  exactEnergies: { '0.74': H2_EXACT_ENERGY },
});

const create = (t: TestApp, user: TestUser, payload: object) =>
  call(t.app, 'POST', JOB_PATHS.hybridJobs, user, payload);
const scanPath = (path: string, scanId: string) => `${path}?scan_id=${encodeURIComponent(scanId)}`;
const readScan = (t: TestApp, user: TestUser, scanId: string) =>
  call(t.app, 'GET', scanPath(JOB_PATHS.hybridJobScan, scanId), user);
const cancelScan = (t: TestApp, user: TestUser, scanId: string) =>
  call(t.app, 'POST', scanPath(JOB_PATHS.hybridJobScanCancel, scanId), user);

async function createScan(t: TestApp, user: TestUser, form = h2ScanForm()) {
  const created = (await createHybridJob(t, user, hybridPayload(form))) as CreateHybridJobResponse;
  if (created.scan === undefined) throw new Error('expected a scan');
  return created.scan;
}

describe('POST /hi-vqe/hybrid-jobs with several molecules: a bond scan', () => {
  it('creates one job per bond length, sharing a scan id and name, each job naming its bond length', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const res = await create(t, user, hybridPayload(h2ScanForm()));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as CreateHybridJobResponse;
    const scan = created.scan!;
    expect(scan.jobs).toHaveLength(3);
    expect(created.job_arn).toBe(scan.jobs[0].job_arn);
    expect(await jobCount(database.db, user.id)).toBe(3);

    const rows = await Promise.all(scan.jobs.map((job) => storedJob(database.db, job.job_arn)));
    expect(new Set(rows.map((row) => row.scanId))).toEqual(new Set([scan.scan_id]));
    expect(rows.map((row) => row.scanName)).toEqual([scan.scan_name, scan.scan_name, scan.scan_name]);
    expect(rows.map((row) => row.jobName)).toEqual([
      `${scan.scan_name}-0p74`,
      `${scan.scan_name}-0p6`,
      `${scan.scan_name}-1p0`,
    ]);
    // Each job is the spec's one-molecule job for its own bond length.
    expect(rows.map((row) => row.hyperparameters.molecule_geometry)).toEqual([
      h2('0.74'),
      h2('0.6'),
      h2('1.0'),
    ]);
    expect(rows.map((row) => row.hyperparameters.geometry_tag)).toEqual(['0.74', '0.6', '1.0']);
    expect(rows.map((row) => row.hyperparameters.exact_energy)).toEqual([
      String(H2_EXACT_ENERGY),
      undefined,
      undefined,
    ]);
    expect(rows.every((row) => row.hyperparameters.molecules === undefined)).toBe(true);

    // Listed together, each saying which scan it belongs to.
    const list = (await call(t.app, 'GET', JOB_PATHS.hybridJobs, user)).json() as HybridJobListResponse;
    expect(list.jobs.map((job) => job.scan)).toEqual(
      Array.from({ length: 3 }, () => ({ scan_id: scan.scan_id, scan_name: scan.scan_name })),
    );
    expect(list.jobs.map((job) => job.job_arn)).toEqual(scan.jobs.map((job) => job.job_arn));
  });

  it('keeps the spec payload, and a list of one molecule, to one job outside any scan', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const spec = await create(t, user, hybridPayload());
    expect(spec.statusCode, spec.body).toBe(201);
    expect(spec.json()).toEqual({ job_arn: expect.any(String), status: 'QUEUED' });
    const form = h2Form();
    const one = await create(t, user, {
      ...hybridPayload(form),
      molecules: form.molecules,
      exact_energies: form.exactEnergies,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().scan).toBeUndefined();
    const row = await storedJob(database.db, one.json().job_arn);
    expect(row).toMatchObject({ scanId: null, scanName: null });
    const list = (await call(t.app, 'GET', JOB_PATHS.hybridJobs, user)).json() as HybridJobListResponse;
    expect(list.jobs.map((job) => job.scan)).toEqual([null, null]);
  });

  it('refuses the whole scan, naming the bond length, when the engine refuses one molecule', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const cases = [
      { geometry: 'H 0 0 0;H 0 0 0.01', says: 'at least 0.053 Å apart' },
      { geometry: 'Xx 0 0 0;H 0 0 0.9', says: 'Xx' },
      { geometry: 'H 0 0 0;H 0 0 1e300', says: 'coordinates must lie within ±1000 Å' },
    ];
    for (const { geometry, says } of cases) {
      const form = { ...h2ScanForm(), molecules: { ...h2ScanForm().molecules, '0.9': geometry } };
      const res = await create(t, user, hybridPayload(form));
      expect(res.statusCode, geometry).toBe(400);
      expect(res.json().message).toMatch(/^molecules\["0\.9"\]: /);
      expect(res.json().message).toContain(says);
    }
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('refuses molecules that disagree with the spec fields, and more than MAX_SCAN_JOBS', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const form = h2ScanForm();
    const reordered = await create(t, user, {
      ...hybridPayload(form),
      molecules: { '0.6': h2('0.6'), '0.74': h2('0.74') },
    });
    expect(reordered.statusCode).toBe(400);
    expect(reordered.json().message).toContain(SCAN_FIRST_MOLECULE_MESSAGE);

    const many = Object.fromEntries(
      Array.from({ length: MAX_SCAN_JOBS + 1 }, (_, i) => {
        const bond = (0.5 + i / 20).toFixed(2);
        return [bond, h2(bond)];
      }),
    );
    const tooMany = await create(t, user, hybridPayload({ ...form, molecules: many, exactEnergies: {} }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`molecules must hold at most ${MAX_SCAN_JOBS} molecules`);

    const energyAlone = await create(t, user, { ...hybridPayload(), exact_energies: { '0.74': -1.1 } });
    expect(energyAlone.statusCode).toBe(400);
    expect(energyAlone.json().message).toContain('exact_energies must name only bond lengths');
    expect(await jobCount(database.db, user.id)).toBe(0);
  });

  it('counts the whole scan against the active-job limit: all of it or none', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 18, ['QUEUED', 'RUNNING']);
    const refused = await create(t, user, hybridPayload(h2ScanForm()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: SCAN_MESSAGES.tooManyActiveJobs(20, 18, 3),
      code: 'too_many_active_jobs',
    });
    expect(await jobCount(database.db, user.id)).toBe(18);

    const twoBonds = { ...h2ScanForm(), molecules: { '0.74': h2('0.74'), '0.6': h2('0.6') } };
    const fits = await create(t, user, hybridPayload(twoBonds));
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await jobCount(database.db, user.id)).toBe(20);
  });

  it('lets only one of two simultaneous scans take the last slots', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 17, ['QUEUED']);
    const answers = await Promise.all([1, 2].map(() => create(t, user, hybridPayload(h2ScanForm()))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429]);
    expect(await jobCount(database.db, user.id)).toBe(20);
  });
});

describe('GET /hi-vqe/hybrid-jobs/scan', () => {
  it('fills in each bond length’s final, RHF and reference energies as its job finishes', async () => {
    const { t } = await setup(true);
    const user = await jobUser(t);
    const scan = await createScan(t, user);
    const done = await waitFor(
      async () => {
        const body = (await readScan(t, user, scan.scan_id)).json() as ScanResponse;
        return body.jobs.every((job) => job.status === 'COMPLETED') ? body : undefined;
      },
      undefined,
      'the scan to complete',
    );
    expect(done).toMatchObject({ scan_id: scan.scan_id, scan_name: scan.scan_name });
    expect(done.jobs.map((job) => job.bond_length)).toEqual([0.6, 0.74, 1.0]);
    for (const job of done.jobs) {
      const { energies, reference } = job.result;
      expect(energies).not.toBeNull();
      expect(reference).not.toBeNull();
      expect(energies!.final).toBeLessThan(energies!.rhf);
      expect(Math.abs(energies!.final - reference!.energy)).toBeLessThan(CHEMICAL_ACCURACY);
    }
    expect(done.jobs.map((job) => job.result.reference?.source)).toEqual(['casci', 'user', 'casci']);
    expect(done.jobs[1].result.reference?.energy).toBe(H2_EXACT_ENERGY);
    // The curve has its minimum near the equilibrium bond length.
    const finals = done.jobs.map((job) => job.result.energies!.final);
    expect(finals[1]).toBeLessThan(finals[0]);
    expect(finals[1]).toBeLessThan(finals[2]);
  });

  it('answers queued jobs without energies, and 404 to anyone but the owner and a system administrator, who may cancel it', async () => {
    const { t } = await setup();
    const user = await jobUser(t);
    const scan = await createScan(t, user);
    const mine = (await readScan(t, user, scan.scan_id)).json() as ScanResponse;
    expect(mine.jobs.map((job) => [job.status, job.result.energies])).toEqual([
      ['QUEUED', null],
      ['QUEUED', null],
      ['QUEUED', null],
    ]);

    const other = await jobUser(t, { tag: 'other' });
    for (const answer of [await readScan(t, other, scan.scan_id), await cancelScan(t, other, scan.scan_id)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: SCAN_MESSAGES.notFound, code: 'not_found' });
    }
    const admin = await jobUser(t, { admin: true, tag: 'admin' });
    expect((await readScan(t, admin, scan.scan_id)).statusCode).toBe(200);
    // A system administrator cancels any job (issue 24 §5), a scan's too.
    expect((await cancelScan(t, admin, scan.scan_id)).statusCode).toBe(200);

    const unknown = await readScan(t, user, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await readScan(t, user, "1' or '1'='1");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('scan_id must be a scan id');
  });
  it("shows a running job's RHF energy as its runner told it, and none once the job has ended", async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const scan = await createScan(t, user);
    const first = scan.jobs[0].job_arn;
    const job = await storedJob(database.db, first);
    // What a runner holding the job does: claim it, then keep the RHF energy its engine told.
    const owner = 'runner-of-this-test';
    await database.db
      .update(jobs)
      .set({ status: 'RUNNING', leaseOwner: owner, leaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, job.id));
    await new JobCheckpointRepo(database.db).saveRhf(job.id, owner, 0, { eRhf: -1.116, eNuc: 0.7 });

    const running = (await readScan(t, user, scan.scan_id)).json() as ScanResponse;
    const results = (status: string) =>
      running.jobs
        .filter((row) => row.status === status)
        .map((row) => [row.result.rhf_energy, row.result.energies]);
    expect(results('RUNNING')).toEqual([[-1.116, null]]);
    expect(results('QUEUED')).toEqual([
      [null, null],
      [null, null],
    ]);

    // Ended without a result (its checkpoints not yet cleared): the runner's copy is no longer shown.
    await database.db.update(jobs).set({ status: 'FAILED', failureReason: 'x' }).where(eq(jobs.id, job.id));
    const ended = (await readScan(t, user, scan.scan_id)).json() as ScanResponse;
    expect(ended.jobs.find((row) => row.job_arn === first)?.result.rhf_energy).toBeNull();
  });
});

describe('POST /hi-vqe/hybrid-jobs/scan/cancel', () => {
  it('cancels every queued job of the scan, then answers 409 as nothing is left to cancel', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const scan = await createScan(t, user);
    const alone = await createHybridJob(t, user);
    const res = await cancelScan(t, user, scan.scan_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      scan_id: scan.scan_id,
      jobs: scan.jobs.map((job) => ({ job_arn: job.job_arn, status: 'CANCELLED' })),
    });
    for (const job of scan.jobs) expect((await storedJob(database.db, job.job_arn)).status).toBe('CANCELLED');
    // A job outside the scan is untouched.
    expect((await storedJob(database.db, alone.job_arn)).status).toBe('QUEUED');

    const again = await cancelScan(t, user, scan.scan_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SCAN_MESSAGES.nothingToCancel, code: 'conflict' });
  });
});
