import { asc, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { jobLogs, jobMetrics, type JobRow } from '../../src/db/schema/index.ts';
import { QUEUE_MESSAGES } from '../../src/worker/queue.ts';
import { SHUTDOWN_BOUND_MS } from '../../src/worker/shutdown.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { createHybridJob, hybridPayload, jobUser, n2LongForm, storedJob, waitFor } from '../job-flows.ts';
import {
  API_READY,
  freshDatabase,
  startApi,
  startWorker,
  WORKER_READY,
  type ServiceProcess,
} from './processes.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup.length = 0;
});

/** N2 in 6-31G for 60 iterations: seconds of work, so a SIGTERM after its first energy point lands mid-run. */
const n2Medium = () => {
  const form = n2LongForm();
  return hybridPayload({ ...form, parameters: { ...form.parameters, maxIterations: 60 } });
};

/** A migrated database of the test's own, an app over it that runs no jobs, and processes started on it. */
async function faultSetup() {
  const fault = await freshDatabase();
  cleanup.push(() => fault.drop());
  const database = await openDatabase({ url: fault.url });
  cleanup.push(() => database.close());
  await database.migrate();
  const t = await createTestApp({}, database);
  cleanup.push(() => t.close());
  const started: ServiceProcess[] = [];
  cleanup.push(() => Promise.all(started.map((process) => process.stop())));
  const start = <T extends ServiceProcess>(process: T): T => {
    started.push(process);
    return process;
  };
  return { t, db: database.db, url: fault.url, start };
}

/** Creates the job and waits until a runner is in the middle of it (its first energy point is stored). */
async function jobMidRun(t: TestApp, db: Db): Promise<JobRow> {
  const { job_arn } = await createHybridJob(t, await jobUser(t), n2Medium());
  const { id } = await waitFor(
    async () => {
      const job = await storedJob(db, job_arn);
      return job.status === 'RUNNING' ? job : undefined;
    },
    60_000,
    'a runner to claim the job',
  );
  await waitFor(
    async () => {
      const [row] = await db.select({ n: count() }).from(jobMetrics).where(eq(jobMetrics.jobId, id));
      return row.n > 0 ? true : undefined;
    },
    60_000,
    'the first energy point',
  );
  return storedJob(db, job_arn);
}

/** SIGTERM: the process exits 0 within the bound, having said it shut down cleanly. */
async function terminate(process: ServiceProcess): Promise<void> {
  const signalled = Date.now();
  process.signal('SIGTERM');
  expect(await process.exited).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_BOUND_MS);
  await process.logLine((line) => line.msg === 'shut down cleanly');
}

const logLines = async (db: Db, jobId: string) =>
  (await db.select().from(jobLogs).where(eq(jobLogs.jobId, jobId)).orderBy(asc(jobLogs.id))).map(
    (row) => row.message,
  );

describe('SIGTERM in the middle of a job', () => {
  it('to a worker: the job is handed back at once and another worker completes it, no attempt spent', async () => {
    const { t, db, url, start } = await faultSetup();
    const workers = [start(startWorker(url, 'worker-1')), start(startWorker(url, 'worker-2'))];
    const owners = await Promise.all(
      workers.map(async (worker) => (await worker.logLine(WORKER_READY)).runner),
    );

    const running = await jobMidRun(t, db);
    expect(running.attempts).toBe(1);
    const holder = owners.indexOf(running.leaseOwner);
    expect(holder).toBeGreaterThanOrEqual(0);
    // Handed back, not left for its lease (10 s) to run out: the other worker takes it over.
    await terminate(workers[holder]);

    const done = await waitFor(
      async () => {
        const job = await storedJob(db, running.jobArn);
        return job.status === 'COMPLETED' || job.status === 'FAILED' ? job : undefined;
      },
      120_000,
      'the job to end on the other worker',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', attempts: 1, lostRuns: 0, leaseOwner: null });
    await workers[1 - holder].logLine((line) => line.msg === 'job ended' && line.status === 'COMPLETED');

    const lines = await logLines(db, running.id);
    const starts = lines.flatMap((line, at) => (line.startsWith('Job hivqe-') ? [at] : []));
    expect(starts).toHaveLength(2);
    const released = lines.indexOf(QUEUE_MESSAGES.released);
    expect(starts[0]).toBeLessThan(released);
    expect(released).toBeLessThan(starts[1]);
    expect(lines).not.toContain(QUEUE_MESSAGES.requeued);
    expect(lines.at(-1)).toBe('Job completed.');
  });

  it('to the API process running jobs: it hands the job back and exits 0', async () => {
    const { t, db, url, start } = await faultSetup();
    const api = start(await startApi(url, { workers: 1 }));
    await api.logLine(API_READY);

    const running = await jobMidRun(t, db);
    await terminate(api);

    expect(await storedJob(db, running.jobArn)).toMatchObject({
      status: 'QUEUED',
      attempts: 0,
      lostRuns: 0,
      leaseOwner: null,
      startedAt: null,
    });
    expect((await logLines(db, running.id)).at(-1)).toBe(QUEUE_MESSAGES.released);
  });
});
