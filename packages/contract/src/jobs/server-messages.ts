import { z } from 'zod';
import { formatRuntime } from './hyperparameter-bounds.ts';
import { FORCE_REFRESH_HEADER } from './limits.ts';

/** What the job calls answer when they refuse (the server's side of jobs.md 7). */
export const JOB_MESSAGES = {
  /** Also for another user's job, so job ARNs do not leak. */
  notFound: 'Job not found',
  userNotFound: 'User not found',
  otherUsersJobs: "Only system administrators may list another user's jobs.",
  invalidNextToken: 'Invalid next_token',
  pageWithToken: 'Send either page or next_token, not both',
  notCancellable: (status: string) =>
    `The job is already ${status}; only queued or running jobs can be cancelled.`,
  /** 400: the payload's max_runtime is above the server's JOB_MAX_RUNTIME_CEILING_S. */
  runtimeAboveCeiling: (ceilingS: number) =>
    `max_runtime must be at most ${ceilingS.toLocaleString('en-US')} seconds on this server`,
  /** A job's failure reason once it has run longer than its max_runtime. */
  ranPastTimeLimit: (limitS: number) =>
    `The job ran past its time limit of ${formatRuntime(limitS)} (max_runtime ${limitS.toLocaleString('en-US')} s) and was stopped.`,
  /** 429: the user's queued and running jobs on this server's runners reached MAX_ACTIVE_JOBS_PER_USER. */
  tooManyActiveJobs: (limit: number) =>
    `You already have ${limit} active jobs (queued or running), the most one user may have at once. ` +
    'Wait for one to finish or cancel one, then create this job again.',
  /** 400: the job's estimated peak memory exceeds what one job may use on this server (WORKER_MEMORY_MB). */
  tooMuchMemory: (
    estimate: { mb: number; basisFunctions: number; activeOrbitals: number },
    limitMb: number,
  ) =>
    `This job would need about ${estimate.mb.toLocaleString('en-US')} MB of memory ` +
    `(${estimate.basisFunctions} basis functions, ${estimate.activeOrbitals} active orbitals); a job on this ` +
    `server may use at most ${limitMb.toLocaleString('en-US')} MB. Choose a smaller basis set or fewer active orbitals.`,
} as const;

/**
 * GET /hi-vqe/hybrid-jobs/job: 'X-Force-Refresh: true' asks for the back end's state, not the stored one.
 * The key is FORCE_REFRESH_HEADER as Node hands header names over: lower-cased.
 */
export const hybridJobHeaders = z.object({
  'x-force-refresh': z
    .enum(['true', 'false'], { message: `${FORCE_REFRESH_HEADER} must be true or false` })
    .optional(),
});
export type HybridJobHeaders = z.infer<typeof hybridJobHeaders>;
