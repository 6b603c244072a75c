import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { JobOutputRepo } from './job-output.ts';
import { LocalRunner, type RunnerTimings } from './local-runner.ts';
import { JobQueue } from './queue.ts';

/** An idle runner looks for queued jobs this often (the API process also wakes its runner on create). */
export const POLL_MS = 1000;
/** A job whose runner is lost twice (crash, kill, restart) fails with the reason rather than loop. */
export const MAX_ATTEMPTS = 2;

export const runnerTimings = (config: Config): RunnerTimings => ({
  workers: config.WORKERS,
  leaseMs: config.JOB_LEASE_MS,
  heartbeatMs: config.JOB_HEARTBEAT_MS,
  pollMs: POLL_MS,
  maxAttempts: MAX_ATTEMPTS,
});

/** A runner over `db`, not yet started. */
export const createLocalRunner = (db: Db, log: FastifyBaseLogger, timings: RunnerTimings) =>
  new LocalRunner({ ...timings, queue: new JobQueue(db), output: new JobOutputRepo(db), log });
