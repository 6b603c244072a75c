import { JOB_MESSAGES } from '@hivqe/contract';
import type { JobRow } from '../db/schema/jobs.ts';

/** setTimeout's longest delay (about 24.8 days); MAX_RUNTIME_S (5 days) stays below it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A job's time limit on a runner (issue 24 §5): `onExpired` gets the failure reason once the job has run
 * max_runtime seconds since a runner first took it (first_started_at), so a job queued again after its runner
 * was lost, or handed back at a shutdown, keeps counting from its first start instead of starting afresh; a
 * job already past its limit when it is taken again is stopped at once. Answers the function that disarms
 * it; a job without a limit (created before 0015_job_runtime_limit) gets none.
 */
export function armRunDeadline(
  job: Pick<JobRow, 'maxRuntimeS' | 'firstStartedAt' | 'startedAt'>,
  onExpired: (reason: string) => void,
  now: number = Date.now(),
): () => void {
  const limitS = job.maxRuntimeS;
  const start = job.firstStartedAt ?? job.startedAt;
  if (limitS === null || start === null) return () => {};
  const left = start.getTime() + limitS * 1000 - now;
  const timer = setTimeout(() => onExpired(JOB_MESSAGES.ranPastTimeLimit(limitS)), clamp(left));
  // A runner that stops hands its jobs back: a pending limit must not keep its process alive.
  timer.unref();
  return () => clearTimeout(timer);
}

const clamp = (ms: number) => Math.min(Math.max(ms, 0), MAX_TIMER_MS);
