import os from 'node:os';
import type { Config } from '../../config.ts';

/** What one user may ask of this server's runners. */
export interface JobLimits {
  /** MAX_ACTIVE_JOBS_PER_USER: queued and running (or cancelling) jobs of one user on the runners. */
  maxActivePerUser: number;
  /** WORKER_MEMORY_MB: the estimated peak memory one job may need. */
  workerMemoryMb: number;
}

export const DEFAULT_MAX_ACTIVE_JOBS_PER_USER = 20;

/** Half this machine's memory shared by the jobs it runs at once (WORKERS, at least one). */
export const defaultWorkerMemoryMb = (workers: number): number =>
  Math.floor(os.totalmem() / 2 ** 20 / 2 / Math.max(workers, 1));

export const jobLimits = (config: Config): JobLimits => ({
  maxActivePerUser: config.MAX_ACTIVE_JOBS_PER_USER,
  workerMemoryMb: config.WORKER_MEMORY_MB ?? defaultWorkerMemoryMb(config.WORKERS),
});
