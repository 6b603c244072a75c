import { JOB_PATHS } from '@hivqe/contract';
import { runHiVqe } from '@hivqe/engine';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, silentLogger } from '../../test/cleanup.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';
import {
  byArn,
  CHEMICAL_ACCURACY,
  createHybridJob,
  H2_EXACT_ENERGY,
  h2Form,
  hybridPayload,
  iqmPayload,
  jobUser,
  n2LongForm,
  storedJob,
  waitFor,
  waitForStatus,
} from '../../test/job-flows.ts';
import { call, type TestUser } from '../../test/org-flows.ts';
import type { Database } from '../db/client.ts';
import { jobCheckpoints, jobMetrics, jobs } from '../db/schema/index.ts';
import type { LocalRunner, RunnerTimings } from './local-runner.ts';
import { createLocalRunner } from './start-runner.ts';

/** The slowest heartbeat the settings allow; quick polling so tests need not wait for an idle runner. */
const TIMINGS: RunnerTimings = {
  workers: 1,
  leaseMs: 10_000,
  heartbeatMs: 500,
  pollMs: 100,
  maxAttempts: 2,
  maxLostRuns: 2,
};

const later = cleanupAfterEach();

/** A database of the test's own, an app, and a runner; `inApp`: the app's process runs the runner. */
async function setup({ inApp = true } = {}): Promise<{
  t: TestApp;
  runner: LocalRunner;
  database: Database;
}> {
  const database = await openTestDatabase();
  const runner = createLocalRunner(database.db, silentLogger, TIMINGS);
  const t = await createTestApp(inApp ? { jobRunner: runner } : {}, database);
  later(
    () => database.close(),
    () => t.close(),
    () => runner.stop(),
  );
  return { t, runner, database };
}

const logsOf = async (t: TestApp, user: TestUser, jobArn: string) =>
  (
    (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, jobArn), user)).json().logs as {
      message: string;
    }[]
  ).map((log) => log.message);

const metricCount = async (database: Database, jobId: string) =>
  (await database.db.select({ n: count() }).from(jobMetrics).where(eq(jobMetrics.jobId, jobId)))[0].n;

describe('a local job on the real engine', () => {
  it('goes QUEUED → RUNNING → COMPLETED with its logs, Metrics lines and energy points', async () => {
    const { t, runner, database } = await setup();
    const user = await jobUser(t);
    const { job_arn, status } = await createHybridJob(t, user);
    expect(status).toBe('QUEUED');

    // Records every status the job passes through; it stops on its own at the terminal one, so that one is seen too.
    const seen: string[] = [];
    const watcher = (async () => {
      for (;;) {
        const job = await storedJob(database.db, job_arn);
        if (seen.at(-1) !== job.status) seen.push(job.status);
        if (job.status === 'COMPLETED' || job.status === 'FAILED') return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    runner.start();
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    await watcher;
    expect(done.failureReason).toBeNull();
    expect(seen).toEqual(['QUEUED', 'RUNNING', 'COMPLETED']);
    expect(done.startedAt!.getTime()).toBeLessThanOrEqual(done.endedAt!.getTime());

    const job = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, job_arn), user)).json();
    expect(job).toMatchObject({ status: 'COMPLETED', failure_reason: null });
    expect(job.started_at).toEqual(expect.any(String));
    expect(job.ended_at).toEqual(expect.any(String));

    const lines = await logsOf(t, user, job_arn);
    expect(lines[0]).toBe(`Job ${done.jobName} started on the local HI-VQE engine (attempt 1).`);
    expect(lines).toContainEqual(expect.stringMatching(/^RHF converged/));
    expect(lines).toContainEqual(expect.stringMatching(/^Result: E\(HI-VQE\) = -1\.137/));
    expect(lines.at(-1)).toBe('Job completed.');
    const metricLines = lines.filter((line) => line.startsWith('Metrics - '));
    expect(metricLines.length).toBeGreaterThan(0);
    metricLines.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^Metrics - timestamp=[\\d.]+; energy=-1\\.1\\d+; iteration_number=${i + 1};$`),
      ),
    );

    const { points } = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, job_arn), user)).json();
    expect(points).toHaveLength(metricLines.length);
    expect(points.map((point: { costFunctionCall: number }) => point.costFunctionCall)).toEqual(
      points.map((_: unknown, i: number) => 2 * (i + 1)),
    );
    const last = points.at(-1);
    expect(Math.abs(last.energy - H2_EXACT_ENERGY)).toBeLessThan(CHEMICAL_ACCURACY);
    expect(last.error).toBeCloseTo(last.energy - H2_EXACT_ENERGY, 12);
    expect(last.numStates).toBeGreaterThan(0);
  });

  it('fails a job the engine refuses at run time, with the engine’s reason', async () => {
    const { t, runner, database } = await setup();
    const user = await jobUser(t);
    // Creation now refuses such a job, so this one is a row stored before those checks existed: H2 in STO-3G
    // has two orbitals, and its stored settings ask for four.
    const { job_arn } = await createHybridJob(t, user, hybridPayload(h2Form()));
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.jobArn, job_arn));
    await database.db
      .update(jobs)
      .set({
        hyperparameters: {
          ...stored.hyperparameters,
          active_orbitals: '[0,1,2,3]',
          molecule_options: JSON.stringify({
            ...JSON.parse(stored.hyperparameters.molecule_options),
            active_orbitals: [0, 1, 2, 3],
          }),
        },
      })
      .where(eq(jobs.id, stored.id));
    runner.start();
    const failed = await waitForStatus(database.db, job_arn, ['FAILED', 'COMPLETED']);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/active_orbitals/);
    expect((await logsOf(t, user, job_arn)).at(-1)).toBe(`Job failed: ${failed.failureReason}`);
  });

  it('computes a molecule’s CASCI reference once: a later job on the runner reuses it', async () => {
    const { t, runner, database } = await setup();
    const user = await jobUser(t);
    // Without an exact energy the engine computes CASCI as the reference (H2's 4 determinants are within max_states).
    const payload = hybridPayload({ ...h2Form(), exactEnergies: {} });
    const first = await createHybridJob(t, user, payload);
    runner.start();
    await waitForStatus(database.db, first.job_arn, ['COMPLETED']);
    const second = await createHybridJob(t, user, payload);
    await waitForStatus(database.db, second.job_arn, ['COMPLETED']);
    const casciLines = async (jobArn: string) =>
      (await logsOf(t, user, jobArn)).filter((line) => line.startsWith('CASCI'));
    expect(await casciLines(first.job_arn)).toEqual([
      expect.stringMatching(
        /^CASCI \(2o, 2e\): 4 determinants \(2 in the lowest determinant.s irrep\), \d+ Davidson iterations/,
      ),
    ]);
    expect(await casciLines(second.job_arn)).toEqual([
      expect.stringMatching(/^CASCI \(2o, 2e\): from the cache, E = -1\.13728/),
    ]);
  });

  it('runs each molecule of an IQM bond scan, counting cost-function calls on', async () => {
    const { t, runner, database } = await setup();
    runner.start();
    const admin = await jobUser(t, { admin: true });
    const res = await call(t.app, 'POST', JOB_PATHS.iqmJobs, admin, iqmPayload());
    expect(res.statusCode).toBe(201);
    const { job_arn } = res.json();
    await waitForStatus(database.db, job_arn, ['COMPLETED']);
    const lines = await logsOf(t, admin, job_arn);
    expect(lines.filter((line) => line.startsWith('Molecule at bond length'))).toEqual([
      'Molecule at bond length 0.74 Å: H 0 0 0;H 0 0 0.74',
      'Molecule at bond length 0.8 Å: H 0 0 0;H 0 0 0.8',
    ]);
    expect(lines.filter((line) => line.startsWith('Result: '))).toHaveLength(2);
    const { points } = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobMetrics, job_arn), admin)).json();
    const calls = points.map((point: { costFunctionCall: number }) => point.costFunctionCall);
    expect(calls).toEqual([...calls].sort((a, b) => a - b));
    expect(new Set(calls).size).toBe(calls.length);
    expect(Math.abs(points.at(-1).energy - -1.1341)).toBeLessThan(0.01);
  });
});

describe('cancelling a running job', () => {
  /** Starts the long N2 job and waits until the engine is iterating. */
  async function runningLongJob(t: TestApp, database: Database) {
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload(n2LongForm()));
    const job = await waitForStatus(database.db, job_arn, ['RUNNING']);
    await waitFor(async () => ((await metricCount(database, job.id)) >= 2 ? true : undefined));
    return { user, job_arn, jobId: job.id };
  }

  /** The thread is gone: no more points arrive. */
  async function expectStopped(database: Database, jobId: string) {
    const points = await metricCount(database, jobId);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await metricCount(database, jobId)).toBe(points);
  }

  it('shows the RHF energy on the result while the molecule runs, and drops the runner’s copy at the end', async () => {
    const { t, runner, database } = await setup();
    runner.start();
    const { user, job_arn, jobId } = await runningLongJob(t, database);
    // The runner stores the RHF energy and the energy points on separate write chains.
    const running = await waitFor(async () => {
      const doc = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, job_arn), user)).json();
      return doc.molecules[0].rhf_energy === null ? undefined : doc;
    });
    const { eRhf } = await runHiVqe(running.hyperparameters, { method: 'rhf' });
    expect(running.status).toBe('RUNNING');
    expect(running.molecules).toEqual([expect.objectContaining({ energies: null, rhf_energy: eRhf })]);

    await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    await waitForStatus(database.db, job_arn, ['CANCELLED']);
    const kept = () => database.db.select().from(jobCheckpoints).where(eq(jobCheckpoints.jobId, jobId));
    await waitFor(async () => ((await kept()).length === 0 ? true : undefined));
    const cancelled = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobResult, job_arn), user)).json();
    expect(cancelled.molecules).toEqual([expect.objectContaining({ energies: null, rhf_energy: null })]);
  });

  it('held by the API process: stops it at once and answers CANCELLED', async () => {
    const { t, runner, database } = await setup();
    runner.start();
    const { user, job_arn, jobId } = await runningLongJob(t, database);
    const started = performance.now();
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    const latency = performance.now() - started;
    expect(res.json()).toEqual({ job_arn, status: 'CANCELLED' });
    expect((await storedJob(database.db, job_arn)).status).toBe('CANCELLED');
    console.info(`cancel latency, runner in the API process: ${latency.toFixed(0)} ms`);
    expect(latency).toBeLessThan(1000);
    await expectStopped(database, jobId);
    expect((await logsOf(t, user, job_arn)).at(-1)).toBe('Job cancelled by the user.');
  });

  it('held by another runner: CANCELLING, then CANCELLED at its next heartbeat, within a second', async () => {
    const { t, runner, database } = await setup({ inApp: false });
    runner.start();
    const { user, job_arn, jobId } = await runningLongJob(t, database);
    const started = performance.now();
    const res = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, job_arn), user);
    expect(res.json()).toEqual({ job_arn, status: 'CANCELLING' });
    const listed = (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, job_arn), user)).json();
    expect(['CANCELLING', 'CANCELLED']).toContain(listed.status);
    await waitForStatus(database.db, job_arn, ['CANCELLED'], 5000);
    const latency = performance.now() - started;
    console.info(
      `cancel latency, runner elsewhere (heartbeat ${TIMINGS.heartbeatMs} ms): ${latency.toFixed(0)} ms`,
    );
    expect(latency).toBeLessThan(1000);
    await expectStopped(database, jobId);
  });
});
