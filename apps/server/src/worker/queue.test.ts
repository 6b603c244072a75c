import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_PATHS } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, silentLogger } from '../../test/cleanup.ts';
import { createTestApp, openTestDatabase } from '../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  hybridPayload,
  jobUser,
  n2LongForm,
  storedJob,
  waitForStatus,
} from '../../test/job-flows.ts';
import { seedJobs } from '../../test/job-seed.ts';
import { spawnWorker } from '../../test/spawn-worker.ts';
import { call } from '../../test/org-flows.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobLogs, jobMetrics, jobs } from '../db/schema/index.ts';
import { startLeaseSweeper } from './lease-sweeper.ts';
import type { RunnerTimings } from './local-runner.ts';
import { JobQueue, QUEUE_MESSAGES } from './queue.ts';
import { createLocalRunner } from './start-runner.ts';

const QUICK: RunnerTimings = {
  workers: 1,
  leaseMs: 2000,
  heartbeatMs: 100,
  pollMs: 100,
  maxAttempts: 2,
  maxLostRuns: 2,
};

const later = cleanupAfterEach();

/** An app over a database of the test's own (a runner of one test must not meet another test's jobs). */
async function setup(database?: Database) {
  const db = database ?? (await openTestDatabase());
  if (!database) later(() => db.close());
  const t = await createTestApp({}, db);
  later(() => t.close());
  return { t, database: db, queue: new JobQueue(db.db) };
}

function startRunner(database: Database, timings: Partial<RunnerTimings> = {}) {
  const runner = createLocalRunner(database.db, silentLogger, { ...QUICK, ...timings });
  runner.start();
  later(() => runner.stop());
  return runner;
}

const logLines = async (database: Database, jobId: string) =>
  (await database.db.select().from(jobLogs).where(eq(jobLogs.jobId, jobId)).orderBy(jobLogs.id)).map(
    (row) => row.message,
  );

/**
 * N2 in 6-31G for 20 iterations: long enough to lose its runner in the middle (the kill follows the first
 * stored point within milliseconds), short enough that the retry does not dominate the file's time.
 */
const n2MediumPayload = () => {
  const form = n2LongForm();
  return hybridPayload({ ...form, parameters: { ...form.parameters, maxIterations: 20 } });
};

describe('claiming', () => {
  it('never hands one job to two claims at once (FOR UPDATE SKIP LOCKED)', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const seeded = await seedJobs(database.db, user.id, 20, ['QUEUED']);
    // A claim whose every candidate is being taken by others finds none (its runner polls again), so the
    // claims come in concurrent rounds until the queue is empty; no job may be handed out twice meanwhile.
    const claimed: string[] = [];
    for (let round = 0; round < 10 && claimed.length < seeded.length; round++) {
      const claims = await Promise.all(
        Array.from({ length: 60 }, (_, i) => queue.claim(i % 2 === 0 ? 'runner-a' : 'runner-b', 5000)),
      );
      claimed.push(...claims.flatMap((job) => (job ? [job.jobArn] : [])));
    }
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed)).toEqual(new Set(seeded));
    const rows = await database.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(rows.every((row) => row.status === 'RUNNING' && row.attempts === 1)).toBe(true);
  });

  it('two runners on one database run every job exactly once', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const created = [];
    for (let i = 0; i < 6; i++) created.push((await createHybridJob(t, user)).job_arn);
    startRunner(database, { workers: 2 });
    startRunner(database, { workers: 2 });
    for (const jobArn of created) {
      const job = await waitForStatus(database.db, jobArn, ['COMPLETED', 'FAILED']);
      expect(job.status, job.failureReason ?? undefined).toBe('COMPLETED');
      expect(job.attempts).toBe(1);
      const starts = (await logLines(database, job.id)).filter((line) => line.startsWith('Job hivqe-'));
      expect(starts).toHaveLength(1);
    }
  });
});

describe('fair claiming across users', () => {
  /** Users with queued jobs, seeded in this order (each one's jobs newer than the previous user's). */
  async function queuedBy(t: Awaited<ReturnType<typeof setup>>, counts: number[]) {
    const owners = [];
    for (const count of counts) {
      const user = await jobUser(t.t);
      owners.push({ user, jobs: (await seedJobs(t.database.db, user.id, count, ['QUEUED'])).reverse() });
    }
    return owners;
  }

  /** One runner: each claimed job ends before the next claim, so nobody ever holds a runner at a claim. */
  async function oneRunnerOrder(t: Awaited<ReturnType<typeof setup>>, claims: number) {
    const order = [];
    for (let i = 0; i < claims; i++) {
      const job = await t.queue.claim('runner-a', 60_000);
      if (job) await t.queue.finish(job.id, 'runner-a', { status: 'COMPLETED' });
      order.push(job?.jobArn);
    }
    return order;
  }

  it("with one runner, claims a second user's job next, however many the first user queued before it", async () => {
    const t = await setup();
    const [flood, latecomer] = await queuedBy(t, [1_000, 1]);
    // The flood's oldest job first (it is the oldest, nobody was served yet), then the latecomer's.
    expect(await oneRunnerOrder(t, 4)).toEqual([
      flood.jobs[0],
      latecomer.jobs[0],
      flood.jobs[1],
      flood.jobs[2],
    ]);
  });

  it('with one runner, users with queued jobs take turns, whoever queued first', async () => {
    const t = await setup();
    const [a, b, c] = await queuedBy(t, [3, 3, 3]);
    const turns = [0, 1, 2].flatMap((i) => [a.jobs[i], b.jobs[i], c.jobs[i]]);
    expect(await oneRunnerOrder(t, 9)).toEqual(turns);
  });

  it('takes the oldest job of the user holding the fewest runners; ties go to the one served longest ago', async () => {
    const t = await setup();
    const [a, b, c] = await queuedBy(t, [5, 5, 5]);
    const claimOf = async () => (await t.queue.claim('runner-a', 60_000))?.jobArn;
    expect([await claimOf(), await claimOf(), await claimOf()]).toEqual([a.jobs[0], b.jobs[0], c.jobs[0]]);
    // Everyone holds one, and a was served first: a's next. Then a holds two, so b and c go first.
    expect([await claimOf(), await claimOf(), await claimOf()]).toEqual([a.jobs[1], b.jobs[1], c.jobs[1]]);
    // A job being cancelled still holds its runner; a job that ended does not.
    const [aHeld] = await t.database.db.select().from(jobs).where(eq(jobs.jobArn, a.jobs[0]));
    const [bHeld] = await t.database.db.select().from(jobs).where(eq(jobs.jobArn, b.jobs[0]));
    expect(await t.queue.requestCancel(aHeld.id)).toBe('CANCELLING');
    await t.queue.finish(bHeld.id, 'runner-a', { status: 'COMPLETED' });
    expect(await claimOf()).toBe(b.jobs[2]);
  });

  it('never hands one job to two of many simultaneous claims across users', async () => {
    const t = await setup();
    const owners = await queuedBy(t, [10, 10, 10]);
    const claims = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.queue.claim(`runner-${i % 3}`, 60_000)),
    );
    const claimed = claims.flatMap((job) => (job ? [job.jobArn] : []));
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed)).toEqual(new Set(owners.flatMap((owner) => owner.jobs)));
  });
});

describe('losing a runner', () => {
  it('requeues the job of a runner that stopped responding; another runner completes it', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user);
    // A runner claimed the job and died: no heartbeat will ever renew its lease.
    const claimed = await queue.claim('runner-that-died', 300);
    expect(claimed?.jobArn).toBe(job_arn);

    startRunner(database);
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    // The lost run is counted apart: it was not the job's failure.
    expect(done).toMatchObject({ status: 'COMPLETED', attempts: 1, lostRuns: 1, leaseOwner: null });
    const lines = await logLines(database, done.id);
    expect(lines.indexOf(QUEUE_MESSAGES.requeued)).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf(QUEUE_MESSAGES.requeued)).toBeLessThan(lines.indexOf('Job completed.'));
  });

  it('fails the job with the reason once it lost its runner the maximum number of times (JOB_MAX_LOST_RUNS)', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user);
    const expire = () => new Promise((resolve) => setTimeout(resolve, 60));

    await queue.claim('first-runner-that-died', 20);
    await expire();
    expect((await queue.sweep(2)).requeued).toHaveLength(1);
    expect((await storedJob(database.db, job_arn)).status).toBe('QUEUED');

    await queue.claim('second-runner-that-died', 20);
    await expire();
    const swept = await queue.sweep(2);
    expect(swept.failed).toHaveLength(1);
    const failed = await storedJob(database.db, job_arn);
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: QUEUE_MESSAGES.lostTooOften(2),
      leaseOwner: null,
      attempts: 0,
      lostRuns: 2,
    });
    expect(failed.endedAt).not.toBeNull();
    expect((await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, job_arn), user)).json().failure_reason).toBe(
      QUEUE_MESSAGES.lostTooOften(2),
    );
  });

  it('cancels a job whose runner died while cancelling it', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user);
    const claimed = await queue.claim('runner-that-died', 20);
    expect(await queue.requestCancel(claimed!.id)).toBe('CANCELLING');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await queue.sweep(2)).cancelled).toEqual([claimed!.id]);
    expect((await storedJob(database.db, job_arn)).status).toBe('CANCELLED');
  });

  it('hands running jobs back on a clean shutdown, without counting the attempt', async () => {
    const { t, database } = await setup();
    const user = await jobUser(t);
    const { job_arn } = await createHybridJob(t, user, hybridPayload(n2LongForm()));
    const runner = startRunner(database);
    const running = await waitForStatus(database.db, job_arn, ['RUNNING']);
    await runner.stop();
    const released = await storedJob(database.db, job_arn);
    expect(released).toMatchObject({ status: 'QUEUED', attempts: 0, leaseOwner: null, startedAt: null });
    expect((await logLines(database, running.id)).at(-1)).toBe(QUEUE_MESSAGES.released);
  });

  it('queues a crashed run again with its attempt counted; a job being cancelled is cancelled', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const crashed = await createHybridJob(t, user);
    const cancelling = await createHybridJob(t, user);
    const first = await queue.claim('runner-a', 60_000);
    const second = await queue.claim('runner-a', 60_000);
    expect(await queue.requestCancel(second!.id)).toBe('CANCELLING');
    expect(await queue.finish(first!.id, 'runner-a', { status: 'QUEUED' })).toBe(true);
    expect(await queue.finish(second!.id, 'runner-a', { status: 'QUEUED' })).toBe(true);
    expect(await storedJob(database.db, crashed.job_arn)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      leaseOwner: null,
      startedAt: null,
      endedAt: null,
    });
    expect(await storedJob(database.db, cancelling.job_arn)).toMatchObject({
      status: 'CANCELLED',
      attempts: 1,
    });
    expect((await queue.claim('runner-b', 60_000))?.attempts).toBe(2);
  });

  it('recovers the job of a worker process killed with SIGKILL in the middle of it', async () => {
    const onPostgres = process.env.DATABASE_URL !== undefined;
    // On PostgreSQL the worker shares the database with this test; with PGlite the worker owns a data
    // directory and the database is opened again after the kill, as when a server is killed and restarted.
    const schemaName = `test_${randomBytes(6).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hivqe-kill-'));
    later(async () => rmSync(dataDir, { recursive: true, force: true }));
    const open = () => openDatabase(onPostgres ? { url: process.env.DATABASE_URL, schemaName } : { dataDir });

    let database = await open();
    await database.migrate();
    const t = await createTestApp({}, database);
    const { job_arn } = await createHybridJob(t, await jobUser(t), n2MediumPayload());
    await t.close();
    if (!onPostgres) await database.close();

    // A lease long enough that a loaded machine's late heartbeat cannot lose it before the kill (the worker
    // would then requeue and claim the job itself), short enough that the next runner frees it soon after.
    const worker = spawnWorker({ schemaName, dataDir, leaseMs: 5000 }, later);
    await worker.midJob;
    worker.process.kill('SIGKILL');
    await worker.exited;

    if (!onPostgres) database = await open();
    later(() => database.close());
    const orphan = await storedJob(database.db, job_arn);
    expect(orphan).toMatchObject({ status: 'RUNNING', attempts: 1 });
    expect(orphan.leaseOwner).toMatch(/^runner-/);

    startRunner(database, { leaseMs: 10_000 });
    const done = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(done).toMatchObject({ status: 'COMPLETED', attempts: 1, lostRuns: 1 });
    expect(await logLines(database, done.id)).toContain(QUEUE_MESSAGES.requeued);
    // The retry drew the chart again: one point per iteration of the run that completed.
    const points = await database.db.select().from(jobMetrics).where(eq(jobMetrics.jobId, done.id));
    const calls = points.map((point) => point.costFunctionCall);
    expect(calls).toEqual(Array.from({ length: calls.length }, (_, i) => 2 * (i + 1)));
    // The retry resumed from the killed run's last checkpoint rather than starting over.
    expect(await logLines(database, done.id)).toContainEqual(
      expect.stringMatching(
        /^Resuming where the last run stopped [\d.]+ s ago: [1-9]\d* iterations? done\.$/,
      ),
    );
  });
});

describe('an API process that runs no jobs (WORKERS=0)', () => {
  it('frees the leases of dead workers: a running job is queued again, a cancelling one cancelled', async () => {
    const { t, database, queue } = await setup();
    const user = await jobUser(t);
    const running = await createHybridJob(t, user);
    const cancelling = await createHybridJob(t, user);
    // A worker process claimed both and died: its leases run out and nobody renews them.
    expect(await queue.claim('runner-that-died', 300)).toBeDefined();
    expect(await queue.claim('runner-that-died', 300)).toBeDefined();
    const cancel = await call(t.app, 'POST', byArn(JOB_PATHS.hybridJobCancel, cancelling.job_arn), user);
    expect(cancel.json().status).toBe('CANCELLING');

    const stop = startLeaseSweeper(database.db, silentLogger, { pollMs: 50, maxLostRuns: 2 });
    later(async () => stop());
    await waitForStatus(database.db, running.job_arn, ['QUEUED']);
    await waitForStatus(database.db, cancelling.job_arn, ['CANCELLED']);
    const statusOf = async (jobArn: string) =>
      (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJob, jobArn), user)).json().status;
    expect(await statusOf(running.job_arn)).toBe('QUEUED');
    expect(await statusOf(cancelling.job_arn)).toBe('CANCELLED');
    expect(await storedJob(database.db, running.job_arn)).toMatchObject({
      leaseOwner: null,
      attempts: 0,
      lostRuns: 1,
    });
  });
});
