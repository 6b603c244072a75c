import { z } from 'zod';
import { FORCE_REFRESH_HEADER } from './limits.ts';

/** What the job calls answer when they refuse (the server's side of jobs.md 7). */
export const JOB_MESSAGES = {
  /** Also for another user's job, so job ARNs do not leak. */
  notFound: 'Job not found',
  userNotFound: 'User not found',
  otherUsersJobs: "Only system administrators may list another user's jobs.",
  invalidNextToken: 'Invalid next_token',
  notCancellable: (status: string) =>
    `The job is already ${status}; only queued or running jobs can be cancelled.`,
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
