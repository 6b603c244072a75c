import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_PATHS, SETTINGS_MESSAGES, jobIdFromArn, type IqmJob } from '@hivqe/contract';
import { sampleNative, type NativeCircuit } from '@hivqe/engine';
import { asc, eq } from 'drizzle-orm';
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
import { spawnWorker } from '../../test/spawn-worker.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobLogs, jobMetrics } from '../db/schema/index.ts';
import { IqmKeys } from '../modules/account/iqm-keys.ts';
import { AccountSettingsRepo } from '../modules/account/repo.ts';
import { PROVIDER_SETTINGS_BOX } from '../modules/account/sealed-fields.ts';
import { IQM_UNAUTHORIZED_MESSAGE } from '../providers/quantum/iqm/iqm-client.ts';
import { Keyring } from '../providers/secrets/keyring.ts';
import type { RunnerTimings } from './local-runner.ts';
import type { IqmLimits } from './thread-protocol.ts';
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

/** The seed of a circuit's shots, by what it is: the same circuit draws the same shots, in any run. */
function seedOf(seeds: Map<string, number>, circuit: NativeCircuit): number {
  const content = JSON.stringify(circuit.instructions);
  if (!seeds.has(content)) seeds.set(content, seeds.size);
  return seeds.get(content)!;
}

/** IQM Resonance on 127.0.0.1 running circuits on the engine's exact simulator. */
async function fakeIqm(garnet = GARNET, queuePolls?: number): Promise<FakeIqmServer> {
  // Each circuit IQM runs draws the next seed: a run that repeats no circuit draws the same shots.
  const seeds = new Map<string, number>();
  return startFakeIqmServer({
    token: API_KEY,
    computers: { garnet },
    queuePolls,
    execute: (circuit: NativeCircuit, shots: number) =>
      sampleNative(circuit, garnet.qubits, shots, seedOf(seeds, circuit)),
  });
}

/** A runner in this process sending IQM jobs to `iqm`, with the owners' keys opened by `keyring`. */
const iqmRunner = (
  database: Database,
  iqm: FakeIqmServer,
  keyring: Keyring,
  limits: Partial<IqmLimits> = {},
  timings = TIMINGS,
) =>
  createLocalRunner(database.db, silentLogger, timings, {
    baseUrl: iqm.baseUrl,
    pollMs: 10,
    requestTimeoutMs: 5_000,
    retryBudgetMs: 30_000,
    retryBaseDelayMs: 20,
    ...limits,
    keys: new IqmKeys(new AccountSettingsRepo(database.db), keyring.box(PROVIDER_SETTINGS_BOX)),
  });

/**
 * IQM Resonance on 127.0.0.1 running circuits on the engine's exact simulator, an app that sends IQM jobs
 * there, and a runner (in the app's process) that opens the owners' keys with the app's keyring.
 */
async function setup(
  garnet = GARNET,
  options: { queuePolls?: number; limits?: Partial<IqmLimits> } = {},
): Promise<{ t: TestApp; iqm: FakeIqmServer; database: Database; user: TestUser }> {
  const iqm = await fakeIqm(garnet, options.queuePolls);
  const database = await openTestDatabase();
  const keyring = Keyring.random();
  const runner = iqmRunner(database, iqm, keyring, options.limits);
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

/** What an IQM job (the default bond scan) came to: its log, each molecule's energies, what IQM ran. */
interface IqmRun {
  logs: string[];
  /** Each molecule's energies (to 1e-10 Ha), without the timings. */
  energy: string[];
  /** A bond scan runs the same circuits for each molecule: what counts is that no more are run. */
  submissions: number[];
  jobs: number;
}

const runOf = (logs: string[], iqm: FakeIqmServer): IqmRun => ({
  logs,
  energy: logs.filter((line) => line.startsWith('Result: E(HI-VQE) = ')).map((line) => line.split(';')[0]),
  submissions: iqm.submissionsPerContent().sort(),
  jobs: iqm.jobs.length,
});

/** Runs the default IQM job against a fake IQM Resonance with the faults `inject` sets up; it must complete. */
async function runIqmJob(inject: (iqm: FakeIqmServer) => void): Promise<IqmRun> {
  const { t, iqm, database, user } = await setup();
  await registerKey(t, user);
  inject(iqm);
  const { job_arn } = await createIqmJob(t, user);
  const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 120_000);
  expect(done.failureReason).toBeNull();
  expect(iqm.pendingFaults()).toBe(0);
  return runOf(await logsOf(t, user, job_arn), iqm);
}

/** The same job without faults, run once for the tests that compare with it. */
let calmResult: Promise<IqmRun> | undefined;
const calmRun = () => (calmResult ??= runIqmJob(() => undefined));

describe('an IQM job: the HI-VQE loop here, its shots on IQM Resonance', () => {
  it('runs every iteration as one IQM job of two native circuits and reaches the exact H2 energy', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    const { job_arn } = await createIqmJob(t, user, iqmPayload({ shots: 500 }));
    expect((await storedJob(database.db, job_arn)).backend).toBe('iqm');

    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
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
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
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
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
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
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(`IQM job ${iqm.jobs[0].id} failed: Calibration in progress`);
  });

  it('cancels a job waiting on IQM Resonance at once, and cancels the IQM job it waits on', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    iqm.holdJobs(true);
    const { job_arn } = await createIqmJob(t, user);
    const waiting = await waitFor(async () => iqm.jobs[0], undefined, 'the first IQM job');

    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ job_arn, status: 'CANCELLED' });
    expect((await storedJob(database.db, job_arn)).status).toBe('CANCELLED');
    await waitFor(
      async () => (waiting.status === 'cancelled' ? true : undefined),
      undefined,
      'the IQM cancel',
    );
    expect(iqm.requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/v1/jobs/${waiting.id}/cancel` }),
    );
  });
  it('rides out 429s, bursts of 5xx and dropped connections on every call: same energy, no circuit run twice', async () => {
    const calm = await calmRun();
    const stormy = await runIqmJob((iqm) => {
      iqm.injectFaults('GET', /^\/api\/v1\/quantum-computers$/, [{ status: 503 }]);
      iqm.injectFaults('GET', /dynamic-quantum-architecture$/, [
        { status: 429 },
        { status: 429, retryAfter: '1' },
      ]);
      iqm.injectFaults('POST', /\/circuit$/, [
        { status: 503 },
        { status: 503 },
        { status: 502 },
        { status: 429 },
      ]);
      iqm.injectFaults('GET', /^\/api\/v1\/jobs\/[^/]+$/, [
        { drop: 'before' },
        { drop: 'after' },
        { status: 503 },
        { status: 500 },
        { status: 504 },
      ]);
      iqm.injectFaults('GET', /measurement_counts$/, [{ drop: 'after' }, { status: 503, retryAfter: '0' }]);
    });

    expect(stormy.energy.length).toBeGreaterThan(0);
    expect(stormy.energy).toEqual(calm.energy);
    expect(stormy.jobs).toBe(calm.jobs);
    expect(stormy.submissions).toEqual(calm.submissions);
    expect(stormy.logs).toContainEqual(
      'IQM Resonance answered 429 to GET /api/v1/calibration-sets/garnet/default/dynamic-quantum-architecture: ' +
        'Injected 429; asking again in 1.0 s (attempt 3)',
    );
    expect(stormy.logs).toContainEqual(
      expect.stringMatching(
        /^IQM Resonance: 14 retried requests, \d+\.\d s lost; \d+ jobs queued, \d+\.\d s waited$/,
      ),
    );
    expect(calm.logs.some((line) => line.includes('retried request'))).toBe(false);
  });

  it('shows an IQM job waiting in the queue, its place and the time waited', async () => {
    const { t, database, user } = await setup(GARNET, { queuePolls: 3 });
    await registerKey(t, user);
    const { job_arn } = await createIqmJob(t, user);
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(done.failureReason).toBeNull();
    const logs = await logsOf(t, user, job_arn);
    expect(logs).toContainEqual(
      expect.stringMatching(
        /^IQM job [\w-]+ waits in IQM Resonance's queue at position 3, \d+\.\d s so far$/,
      ),
    );
    expect(logs).toContainEqual(
      expect.stringMatching(/^IQM job [\w-]+ waits in IQM Resonance's queue at position 1/),
    );
    expect(logs).toContainEqual(expect.stringMatching(/^IQM job [\w-]+ left the queue after \d+\.\d s$/));
    expect(logs).toContainEqual(expect.stringMatching(/^IQM Resonance: \d+ jobs queued, \d+\.\d s waited$/));
  });

  it("shows the monitor where the IQM job waits in IQM's queue, and clears it once the job leaves it", async () => {
    const { t, iqm, database, user } = await setup(GARNET, { queuePolls: 3 });
    await registerKey(t, user);
    iqm.holdQueue(true);
    iqm.holdJobs(true);
    const { job_arn } = await createIqmJob(t, user);
    const detail = async () =>
      (await call(t.app, 'GET', JOB_PATHS.iqmJob(jobIdFromArn(job_arn)), user)).json() as IqmJob;

    const waiting = await waitFor(async () => {
      const job = await detail();
      return job.queue === null ? undefined : job;
    });
    expect(waiting.status).toBe('RUNNING');
    expect(waiting.queue?.position).toBe(3);
    const since = Date.parse(waiting.queue!.waiting_since);
    expect(since).toBeGreaterThanOrEqual(Date.parse(waiting.started_at!));
    expect(since).toBeLessThanOrEqual(Date.now());
    // The list answers the same place.
    const listed = (await call(t.app, 'GET', JOB_PATHS.iqmJobs, user)).json() as { jobs: IqmJob[] };
    expect(listed.jobs[0]?.queue).toEqual(waiting.queue);

    // Out of the queue and running on the quantum computer: the job waits no more.
    iqm.holdQueue(false);
    await waitFor(async () => (iqm.jobs[0]?.status === 'processing' ? true : undefined));
    const processing = await waitFor(async () => {
      const job = await detail();
      return job.queue === null ? job : undefined;
    });
    expect(processing.status).toBe('RUNNING');

    iqm.holdJobs(false);
    await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    const done = await detail();
    expect(done.status).toBe('COMPLETED');
    expect(done.queue).toBeNull();
  });

  it('ends the run FAILED with the reason when the queue does not move within the operator’s deadline', async () => {
    const { t, iqm, database, user } = await setup(GARNET, {
      queuePolls: 1,
      limits: { queueDeadlineMs: 300 },
    });
    await registerKey(t, user);
    iqm.holdQueue(true);
    const { job_arn } = await createIqmJob(t, user);
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(failed.status).toBe('FAILED');
    const [job] = iqm.jobs;
    expect(failed.failureReason).toMatch(
      new RegExp(
        `^IQM job ${job.id} waited in IQM Resonance's queue for \\d+\\.\\d s \\(still at position 1\\), longer than this server allows \\(0\\.3 s, IQM_QUEUE_DEADLINE_S\\); it was cancelled$`,
      ),
    );
    expect(job.status).toBe('cancelled');
    expect(iqm.jobs).toHaveLength(1);
  });

  it('ends the run at once, before submitting anything, when IQM says the quantum computer is down', async () => {
    const { t, iqm, database, user } = await setup();
    await registerKey(t, user);
    iqm.setHealth('garnet', { healthy: false, message: 'Garnet is under maintenance until 14:00 UTC' });
    const { job_arn } = await createIqmJob(t, user);
    const failed = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(failed.failureReason).toBe(
      'IQM Resonance reports the quantum computer is not available: Garnet is under maintenance until 14:00 UTC',
    );
    expect(iqm.requests.map(({ path }) => path)).not.toContainEqual(
      expect.stringMatching(/circuit$|architecture$/),
    );
  });

  it('finds a job whose submit answer was lost by its client token: same energy, no circuit submitted twice', async () => {
    const calm = await calmRun();
    const lossy = await runIqmJob((iqm) =>
      // IQM takes each of these submissions, and its answer never arrives.
      iqm.injectFaults('POST', /\/circuit$/, [
        { drop: 'after' },
        { status: 500 },
        { drop: 'after' },
        { status: 504 },
      ]),
    );
    expect(lossy.energy.length).toBeGreaterThan(0);
    expect(lossy.energy).toEqual(calm.energy);
    expect(lossy.jobs).toBe(calm.jobs);
    expect(lossy.submissions).toEqual(calm.submissions);
  }, 240_000);
});

describe('an IQM job whose worker is killed mid-run', () => {
  it('is resumed by another worker from its checkpoint: COMPLETED, same energy, no circuit submitted twice', async () => {
    const calm = await calmRun();
    const onPostgres = process.env.DATABASE_URL !== undefined;
    // As in queue.test.ts: on PostgreSQL the worker shares a schema with this test; with PGlite it owns the
    // data directory, which is opened here again after the kill, as when a server is killed and restarted.
    const schemaName = `test_${randomBytes(6).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hivqe-iqm-kill-'));
    later(async () => rmSync(dataDir, { recursive: true, force: true }));
    const open = () => openDatabase(onPostgres ? { url: process.env.DATABASE_URL, schemaName } : { dataDir });
    const secretsKey = randomBytes(32).toString('hex');
    const keyring = new Keyring(Buffer.from(secretsKey, 'hex'));
    const iqm = await fakeIqm();
    later(() => iqm.close());

    let database = await open();
    await database.migrate();
    const t = await createTestApp({ keyring, iqmConfigured: true }, database);
    const user = await jobUser(t, { admin: true });
    await registerKey(t, user);
    const { job_arn } = await createIqmJob(t, user);
    await t.close();
    if (!onPostgres) await database.close();

    // The worker gets through four IQM jobs (four iterations, their points stored) and is killed while its
    // fifth waits on IQM, its id recorded: the run after it must collect that one rather than submit it again.
    iqm.holdJobsAfter(4);
    const worker = spawnWorker(
      {
        schemaName,
        dataDir,
        leaseMs: 5000,
        midJobPoints: 4,
        midJobIqmJobs: 5,
        iqm: { baseUrl: iqm.baseUrl, secretsKey },
      },
      later,
    );
    await worker.midJob;
    expect(iqm.jobs.length).toBe(5);
    worker.process.kill('SIGKILL');
    await worker.exited;
    const killedAt = Date.now();
    const submittedBeforeKill = iqm.jobs.length;
    iqm.holdJobsAfter(null);

    if (!onPostgres) database = await open();
    later(() => database.close());
    const runner = iqmRunner(database, iqm, keyring, {}, { ...TIMINGS, leaseMs: 10_000 });
    later(() => runner.stop());
    runner.start();
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED'], 240_000);
    expect(done).toMatchObject({ status: 'COMPLETED', failureReason: null, lostRuns: 1 });

    const logs = (
      await database.db.select().from(jobLogs).where(eq(jobLogs.jobId, done.id)).orderBy(asc(jobLogs.id))
    ).map((row) => row.message);
    const resumed = runOf(logs, iqm);
    expect(resumed.energy).toEqual(calm.energy);
    expect(resumed.jobs).toBe(calm.jobs);
    expect(resumed.submissions).toEqual(calm.submissions);
    // The new run went on from the killed run's last checkpoint, collecting the IQM jobs it had submitted,
    // and says how long ago the killed run stored it: the time the job lost.
    const resumeLine = logs.find((line) => line.startsWith('Resuming where the last run stopped'));
    expect(resumeLine).toMatch(
      /^Resuming where the last run stopped [\d.]+ s ago: [1-9]\d* iterations? done, [1-9]\d* IQM jobs? reused rather than submitted again\.$/,
    );
    // The chart is whole again: the resumed iterations are drawn again before the new ones.
    const points = await database.db.select().from(jobMetrics).where(eq(jobMetrics.jobId, done.id));
    const calls = points.map((point) => point.costFunctionCall);
    expect(calls).toEqual(Array.from({ length: calls.length }, (_, i) => 2 * (i + 1)));
    expect(submittedBeforeKill).toBeGreaterThan(0);
    console.info(
      `killed worker: ${resumeLine}; ${submittedBeforeKill} of ${resumed.jobs} IQM jobs submitted before the ` +
        `kill; resumed run completed ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
  }, 300_000);
});
