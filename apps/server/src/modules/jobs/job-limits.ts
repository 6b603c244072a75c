import os from 'node:os';
import type { Config } from '../../config.ts';

/** What one user may ask of this server's runners. */
export interface JobLimits {
  /** MAX_ACTIVE_JOBS_PER_USER: queued and running (or cancelling) jobs of one user on the runners. */
  maxActivePerUser: number;
  /** WORKER_MEMORY_MB: the estimated peak memory one job may need. */
  workerMemoryMb: number;
  /** A job's time limit: absent from the payload, `defaultS`; asked for, at most `ceilingS`. */
  maxRuntime?: RuntimeLimits;
}

export interface RuntimeLimits {
  /** JOB_MAX_RUNTIME_DEFAULT_S */
  defaultS: number;
  /** JOB_MAX_RUNTIME_CEILING_S */
  ceilingS: number;
}

export const DEFAULT_MAX_ACTIVE_JOBS_PER_USER = 20;
/** One hour a job by default, a day at most: how long one job may hold a runner (issue 24 §5). */
export const DEFAULT_RUNTIME_LIMITS: RuntimeLimits = { defaultS: 3600, ceilingS: 86_400 };

/** Half this machine's memory shared by the jobs it runs at once (WORKERS, at least one). */
export const defaultWorkerMemoryMb = (workers: number): number =>
  Math.floor(os.totalmem() / 2 ** 20 / 2 / Math.max(workers, 1));

export const jobLimits = (config: Config): JobLimits => ({
  maxActivePerUser: config.MAX_ACTIVE_JOBS_PER_USER,
  workerMemoryMb: config.WORKER_MEMORY_MB ?? defaultWorkerMemoryMb(config.WORKERS),
  maxRuntime: { defaultS: config.JOB_MAX_RUNTIME_DEFAULT_S, ceilingS: config.JOB_MAX_RUNTIME_CEILING_S },
});
