import type { JobStatus } from '@hivqe/contract';
import type { JobBackendName, JobKind, JobRow } from '../../db/schema/jobs.ts';

export interface JobLogEvent {
  message: string;
  timestamp: Date;
}

/** A job's log, as Braket keeps it in CloudWatch: one stream per instance. */
export interface JobLogs {
  streamName: string;
  events: JobLogEvent[];
}

/** One HI-VQE iteration of a job: what the monitor's convergence chart draws. */
export interface EnergyPoint {
  costFunctionCall: number;
  energy: number;
  /** energy − exact energy; null when no exact energy is known. */
  error: number | null;
  numStates: number;
  timestamp: Date;
}

/** What the create request gives a submission beyond the job itself. */
export interface SubmitOptions {
  /**
   * Derived from the request's Idempotency-Key, the same for every retry of the request: a remote service
   * that already took the job answers it again instead of creating another. Absent: the job's id.
   */
  clientToken?: string;
}

/** CANCELLED: stopped already; CANCELLING: stopping; ended: it had finished, nothing to cancel. */
export type CancelOutcome = 'CANCELLED' | 'CANCELLING' | 'ended';

/**
 * A service that runs jobs: the built-in engine (local), Amazon Braket or IQM Resonance. The jobs module
 * stores every job in its table and asks the job's back end for everything else; each back end keeps the
 * state it learns (status, times, failure reason) in the job's row itself.
 */
export interface QuantumBackend {
  readonly name: JobBackendName;
  /** The status a new job is stored with before it is submitted. */
  readonly initialStatus: JobStatus;
  /** The job's ARN, `arn:aws:braket:{region}:{account}:job/{resource}`; the account is the back end's. */
  jobArn(region: string, resource: string): string;
  /**
   * Why this back end cannot run this owner's job with these hyperparameters, or null; asked before
   * anything is stored.
   */
  refusal(
    kind: JobKind,
    hyperparameters: Readonly<Record<string, string>>,
    ownerId: string,
  ): Promise<string | null>;
  /** Why this back end cannot run a job on this classical instance type, or null; absent: it runs any. */
  instanceRefusal?(instanceType: string): string | null;
  /** Hands a stored job to the service; a repeated `clientToken` asks a remote service for the same job again. */
  submit(job: JobRow, options?: SubmitOptions): Promise<void>;
  /** Brings the stored job up to date with the service (X-Force-Refresh). */
  refresh(job: JobRow): Promise<void>;
  /**
   * Brings a listed page of one user's jobs up to date in bulk, rows included; for back ends whose state
   * lives elsewhere. Other back ends' rows are skipped.
   */
  refreshMany?(jobs: JobRow[]): Promise<void>;
  cancel(job: JobRow): Promise<CancelOutcome>;
  /**
   * For a back end whose results live elsewhere (Braket's output archive in S3): brings a finished job's
   * results into the job's stored results once, and says why it could not; null when they are stored or not
   * due yet. Absent: the back end stores results as the job runs.
   */
  collectResults?(job: JobRow): Promise<string | null>;
  logs(job: JobRow): Promise<JobLogs>;
  metrics(job: JobRow): Promise<EnergyPoint[]>;
}
