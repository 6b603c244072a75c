import { JOB_PATHS, SETTINGS_MESSAGES } from '@hivqe/contract';
import { sampleNative, type NativeCircuit } from '@hivqe/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, silentLogger } from '../../test/cleanup.ts';
import {
  GRID_2X3,
  startFakeIqmServer,
  type FakeIqmDevice,
  type FakeIqmServer,
} from '../../test/fake-iqm-server.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';
import {
  byArn,
  CHEMICAL_ACCURACY,
  H2_EXACT_ENERGY,
  iqmPayload,
  jobCount,
  jobUser,
  storedJob,
  waitFor,
  waitForStatus,
} from '../../test/job-flows.ts';
import { call, type TestUser } from '../../test/org-flows.ts';
import type { Database } from '../db/client.ts';
import { jobMetrics } from '../db/schema/index.ts';
import { IqmKeys } from '../modules/account/iqm-keys.ts';
import { AccountSettingsRepo } from '../modules/account/repo.ts';
import { PROVIDER_SETTINGS_BOX } from '../modules/account/sealed-fields.ts';
import { IQM_UNAUTHORIZED_MESSAGE } from '../providers/quantum/iqm/iqm-client.ts';
import { Keyring } from '../providers/secrets/keyring.ts';
import type { RunnerTimings } from './local-runner.ts';
import { createLocalRunner } from './start-runner.ts';

const TIMINGS: RunnerTimings = {
  workers: 1,
  leaseMs: 10_000,
  heartbeatMs: 200,
  pollMs: 100,
  maxAttempts: 2,
  maxLostRuns: 2,
};
/** The user's IQM Resonance API key, 64 characters as the settings require. */
const API_KEY = 'k'.repeat(54) + '0123456789';
/** Garnet here: the fake's 2×3 grid; H2 in STO-3G needs 4 of its qubits. */
const GARNET = GRID_2X3;
/**
 * Garnet after a calibration that left QB1–QB4 and QB2–QB5 without a cz: a snake QB1…QB3–QB6…QB4. On the
 * full grid the engine's placement starts at QB1 and goes on to QB4, so it would use a dropped coupling.
 */
const DROPPED: Array<[string, string]> = [
  ['QB1', 'QB4'],
  ['QB2', 'QB5'],
];
const RECALIBRATED_GARNET: FakeIqmDevice = {
  ...GRID_2X3,
  connectivity: GRID_2X3.connectivity.filter(([a, b]) => !DROPPED.some(([p, q]) => p === a && q === b)),
  uncalibratedCouplings: DROPPED,
};

const later = cleanupAfterEach();

/**
 * IQM Resonance on 127.0.0.1 running circuits on the engine's exact simulator, an app that sends IQM jobs
 * there, and a runner (in the app's process) that opens the owners' keys with the app's keyring.
 */
async function setup(
  garnet = GARNET,
): Promise<{ t: TestApp; iqm: FakeIqmServer; database: Database; user: TestUser }> {
  let seed = 0;
  const iqm = await startFakeIqmServer({
    token: API_KEY,
    computers: { garnet },
    execute: (circuit: NativeCircuit, shots: number) => sampleNative(circuit, garnet.qubits, shots, seed++),
  });
  const database = await openTestDatabase();
  const keyring = Keyring.random();
  const runner = createLocalRunner(database.db, silentLogger, TIMINGS, {
    baseUrl: iqm.baseUrl,
    pollMs: 10,
    keys: new IqmKeys(new AccountSettingsRepo(database.db), keyring.box(PROVIDER_SETTINGS_BOX)),
  });
  const t = await createTestApp({ jobRunner: runner, keyring, iqmConfigured: true }, database);
  later(
    () => iqm.close(),
    () => database.close(),
    () => t.close(),
    () => runner.stop(),
  );
  runner.start();
  // The IQM panel is a system administrator's.
  const user = await jobUser(t, { admin: true });
  return { t, iqm, database, user };
}

const registerKey = async (t: TestApp, user: TestUser, key = API_KEY) => {
  const res = await call(t.app, 'PUT', '/account/settings/iqm', user, { iqm_api_key: key });
  expect(res.statusCode, res.body).toBe(200);
};

const createIqmJob = async (t: TestApp, user: TestUser, payload = iqmPayload()) => {
  const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { job_arn: string };
};

const logsOf = async (t: TestApp, user: TestUser, jobArn: string) =>
  (
    (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, jobArn), user)).json().logs as {
      message: string;
    }[]
  ).map((log) => log.message);

describe('an IQM job: the HI-VQE loop here, its shots on IQM Resonance', () => {
  it('runs every iteration as one IQM job of two native circuits and reaches the exact H2 energy', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    const { job_arn } = await createIqmJob(t, user, iqmPayload({ shots: 500 }));
    expect((await storedJob(database.db, job_arn)).backend).toBe('iqm');

    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 60_000);
    expect(done.failureReason).toBeNull();

    // The device is read once per molecule, then one job per iteration, each with the SPSA pair.
    const submits = iqm.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/v1/jobs/garnet/circuit',
    );
    expect(submits.length).toBeGreaterThan(1);
    for (const request of iqm.requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    for (const job of iqm.jobs) {
      expect(job.shots).toBe(500);
      expect(job.circuits.map((c) => c.name)).toEqual([
        expect.stringMatching(/plus$/),
        expect.stringMatching(/minus$/),
      ]);
      for (const circuit of job.circuits) {
        expect(new Set(circuit.instructions.map((op) => op.name))).toEqual(new Set(['prx', 'cz', 'measure']));
        expect(circuit.instructions.at(-1)).toMatchObject({ name: 'measure' });
        expect(circuit.instructions.at(-1)!.qubits).toHaveLength(4);
      }
    }
    expect(submits).toHaveLength(iqm.jobs.length);

    const points = await database.db.select().from(jobMetrics).where(eq(jobMetrics.jobId, done.id));
    expect(points.length).toBe(iqm.jobs.length);
    // The bond scan's first molecule is H2 at 0.74 Å; its last iteration is chemically accurate.
    const scan = await logsOf(t, user, job_arn);
    expect(scan[0]).toBe(
      `Job ${done.jobName} started: the HI-VQE loop runs on this server, its shots on IQM Resonance (garnet) (attempt 1).`,
    );
    expect(scan).toContainEqual('IQM Resonance garnet: 6 qubits, 7 couplers');
    const first = scan.find((line) => line.startsWith('Result: E(HI-VQE) = '));
    expect(Math.abs(Number(first!.match(/= (-[\d.]+) Ha/)![1]) - H2_EXACT_ENERGY)).toBeLessThan(
      CHEMICAL_ACCURACY,
    );
    expect(scan.at(-1)).toBe('Job completed.');
  });

  it('never routes a cz onto a coupling the calibration dropped, and still reaches the exact H2 energy', async () => {
    const { t, iqm, database, user } = await setup(RECALIBRATED_GARNET);
    await registerKey(t, user);
    const { job_arn } = await createIqmJob(t, user);
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 60_000);
    expect(done.failureReason).toBeNull();

    const calibrated = new Set(RECALIBRATED_GARNET.connectivity.map((pair) => [...pair].sort().join('–')));
    const used = new Set(
      iqm.jobs.flatMap((job) =>
        job.circuits.flatMap((circuit) =>
          circuit.instructions.flatMap((op) => (op.name === 'cz' ? [[...op.qubits].sort().join('–')] : [])),
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const pair of used) expect(calibrated, pair).toContain(pair);
    for (const job of iqm.jobs) expect(job.calibrationSetId).toBe(iqm.calibrationSetIds.garnet);

    const scan = await logsOf(t, user, job_arn);
    expect(scan).toContainEqual('IQM Resonance garnet: 6 qubits, 5 couplers');
    const first = scan.find((line) => line.startsWith('Result: E(HI-VQE) = '));
    expect(Math.abs(Number(first!.match(/= (-[\d.]+) Ha/)![1]) - H2_EXACT_ENERGY)).toBeLessThan(
      CHEMICAL_ACCURACY,
    );
  });

  it("refuses a job of a user without a key: 'IQM API configuration not found', nothing stored", async () => {
    const { t, iqm, database, user } = await setup();
    const before = await jobCount(database.db, user.id);
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, user, iqmPayload());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETTINGS_MESSAGES.iqmNotFound);
    expect(await jobCount(database.db, user.id)).toBe(before);
    expect(iqm.requests).toHaveLength(0);
  });

  it('fails the job with the reason when IQM Resonance rejects the key (401)', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user, 'w'.repeat(64));
    const { job_arn } = await createIqmJob(t, user);
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 30_000);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(IQM_UNAUTHORIZED_MESSAGE);
    expect(iqm.jobs).toHaveLength(0);
    expect(JSON.stringify(await logsOf(t, user, job_arn))).not.toContain('w'.repeat(64));
  });

  it("fails the job with IQM's message when IQM fails one of its jobs", async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    iqm.failNextJob('Calibration in progress');
    const { job_arn } = await createIqmJob(t, user);
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 30_000);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(`IQM job ${iqm.jobs[0].id} failed: Calibration in progress`);
  });

  it('cancels a job waiting on IQM Resonance at once, and cancels the IQM job it waits on', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    iqm.holdJobs(true);
    const { job_arn } = await createIqmJob(t, user);
    const waiting = await waitFor(async () => iqm.jobs[0], 30_000, 'the first IQM job');

    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ job_arn, status: 'CANCELLED' });
    expect((await storedJob(database.db, job_arn)).status).toBe('CANCELLED');
    await waitFor(async () => (waiting.status === 'cancelled' ? true : undefined), 5_000, 'the IQM cancel');
    expect(iqm.requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/v1/jobs/${waiting.id}/cancel` }),
    );
  });
});
