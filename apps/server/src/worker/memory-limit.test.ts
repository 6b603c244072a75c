import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, silentLogger } from '../../test/cleanup.ts';
import { createTestApp, openTestDatabase } from '../../test/harness.ts';
import { createHybridJob, hybridPayload, jobUser, n2LongForm, waitForStatus } from '../../test/job-flows.ts';
import type { Database } from '../db/client.ts';
import { estimateMb, jobMemoryEstimate } from '../modules/jobs/memory-refusal.ts';
import { JobCheckpointRepo } from './job-checkpoints.ts';
import { JobOutputRepo } from './job-output.ts';
import { LocalRunner } from './local-runner.ts';
import { memoryExceeded } from './memory-limit.ts';
import { JobQueue } from './queue.ts';

const later = cleanupAfterEach();

/** A limit far above an engine thread's own needs (some 15 MB) and far below a 2^24-amplitude state vector. */
const LOW_LIMIT_MB = 64;
const HEAP_TOO_SMALL_MB = 4;

/** N2 in 6-31G on 12 orbitals with the hardware-efficient ansatz: a simulated state vector of 256 MB and more. */
const stateVectorHeavy = () => {
  const form = n2LongForm();
  return hybridPayload({
    ...form,
    active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    ansatz: 'hardware_efficient',
  });
};

/** A runner whose engine threads get `limitMb`, over a database of the test's own, with an app to create jobs. */
async function setup(limitMb: number) {
  const database = await openTestDatabase();
  const t = await createTestApp({}, database);
  const runner = new LocalRunner({
    workers: 1,
    leaseMs: 10_000,
    heartbeatMs: 500,
    pollMs: 100,
    maxAttempts: 2,
    maxLostRuns: 2,
    queue: new JobQueue(database.db),
    output: new JobOutputRepo(database.db),
    checkpoints: new JobCheckpointRepo(database.db),
    log: silentLogger,
    memoryLimitMb: () => limitMb,
  });
  later(
    () => database.close(),
    () => t.close(),
    () => runner.stop(),
  );
  return { database, t, runner, user: await jobUser(t) };
}

const failedFor = async (database: Database, jobArn: string, limitMb: number) => {
  const failed = await waitForStatus(database.db, jobArn, ['COMPLETED', 'FAILED']);
  const estimate = estimateMb(jobMemoryEstimate(failed.kind, failed.hyperparameters, failed.backend));
  expect(failed).toMatchObject({
    status: 'FAILED',
    failureReason: memoryExceeded(limitMb, estimate),
    attempts: 1,
  });
  expect(failed.failureReason).toMatch(new RegExp(`memory.*${limitMb} MB`));
};

describe('an engine thread over its memory limit', () => {
  it('fails that job with the reason when its typed arrays outgrow it; the runner completes the next job', async () => {
    const { database, t, runner, user } = await setup(LOW_LIMIT_MB);
    const heavy = await createHybridJob(t, user, stateVectorHeavy());
    const light = await createHybridJob(t, user);
    runner.start();
    await failedFor(database, heavy.job_arn, LOW_LIMIT_MB);
    const done = await waitForStatus(database.db, light.job_arn, ['COMPLETED', 'FAILED']);
    expect(done.status).toBe('COMPLETED');
  });

  it('fails that job with the reason when its heap outgrows it (V8 stops the thread, not the process)', async () => {
    // Too small for even the engine's code: the thread's heap limit, not the array check, ends it.
    const { database, t, runner, user } = await setup(HEAP_TOO_SMALL_MB);
    const job = await createHybridJob(t, user);
    runner.start();
    await failedFor(database, job.job_arn, HEAP_TOO_SMALL_MB);
  });
});
