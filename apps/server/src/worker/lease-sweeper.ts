import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { RunnerTimings } from './local-runner.ts';
import { JobQueue } from './queue.ts';

/** Frees the jobs of lost runners (JobQueue.sweep) and says so in the log. */
export async function sweepLostRunners(
  queue: JobQueue,
  maxLostRuns: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const swept = await queue.sweep(maxLostRuns);
  if (swept.requeued.length + swept.failed.length + swept.cancelled.length > 0) {
    log.warn(swept, 'freed jobs of lost runners');
  }
}

/**
 * The sweeper alone, for an API process that runs no jobs (WORKERS=0): when every worker process has died,
 * their jobs are still requeued or failed and their cancels finished, instead of waiting for a worker to
 * start. Sweeping from several processes is harmless: each expired lease is freed by one UPDATE. Answers
 * a function that stops it.
 */
export function startLeaseSweeper(
  db: Db,
  log: FastifyBaseLogger,
  timings: Pick<RunnerTimings, 'pollMs' | 'maxLostRuns'>,
): () => void {
  const queue = new JobQueue(db);
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepLostRunners(queue, timings.maxLostRuns, log)
      .catch((error: unknown) => log.error({ err: error }, 'could not sweep the jobs of lost runners'))
      .finally(() => (sweeping = false));
  }, timings.pollMs);
  // Never what keeps the process alive: it ends with the API.
  timer.unref();
  return () => clearInterval(timer);
}
