import { z } from 'zod';

/**
 * Job statuses the API reports (jobs.md 4): Braket's own (QUEUED, RUNNING, COMPLETED, FAILED, CANCELLING,
 * CANCELLED), the console's other badges, and PENDING of the IQM panel. IQM Resonance's statuses are mapped
 * onto these by the server.
 */
export const JOB_STATUSES = [
  'CREATED',
  'QUEUED',
  'PENDING',
  'STARTING',
  'RUNNING',
  'COMPLETED',
  'SUCCEEDED',
  'FAILED',
  'CANCELLING',
  'CANCELLED',
  'STOPPING',
  'STOPPED',
] as const;
export const jobStatus = z.enum(JOB_STATUSES, {
  message: `status must be one of: ${JOB_STATUSES.join(', ')}`,
});
export type JobStatus = z.infer<typeof jobStatus>;

/** Colour tokens of the status badge; the web maps each to its styles. */
export type BadgeColour =
  'green' | 'blue-pulse' | 'light-blue' | 'red' | 'grey' | 'yellow' | 'orange' | 'purple' | 'dark-grey';

export const STATUS_BADGE_COLOURS: Record<JobStatus, BadgeColour> = {
  CREATED: 'yellow',
  QUEUED: 'orange',
  PENDING: 'yellow',
  STARTING: 'light-blue',
  RUNNING: 'blue-pulse',
  COMPLETED: 'green',
  SUCCEEDED: 'green',
  FAILED: 'red',
  // Braket's CANCELLING is not in the spec's table; it is a stop in progress, so it looks like STOPPING.
  CANCELLING: 'purple',
  CANCELLED: 'grey',
  STOPPING: 'purple',
  STOPPED: 'dark-grey',
};

/** Statuses in which Cancel Job is offered. */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['QUEUED', 'RUNNING', 'STARTING', 'CREATED'];
/** Statuses after which nothing changes, so log polling stops. */
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

const isKnownStatus = (status: string): status is JobStatus =>
  (JOB_STATUSES as readonly string[]).includes(status);

export const isActiveJobStatus = (status: string | null | undefined) =>
  status != null && isKnownStatus(status) && ACTIVE_JOB_STATUSES.includes(status);

export const isTerminalJobStatus = (status: string | null | undefined) =>
  status != null && isKnownStatus(status) && TERMINAL_JOB_STATUSES.includes(status);

/** The badge of a status: UNKNOWN when absent, grey for any value the table does not name. */
export function statusBadge(status: string | null | undefined): { label: string; colour: BadgeColour } {
  if (status == null || status === '') return { label: 'UNKNOWN', colour: 'grey' };
  return { label: status, colour: isKnownStatus(status) ? STATUS_BADGE_COLOURS[status] : 'grey' };
}
