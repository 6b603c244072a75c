import type { IterationPoint, LoopCheckpoint } from '@hivqe/engine';
import type { RhfEnergies } from '../db/schema/job-checkpoints.ts';
import type { JobKind, StoredRunResult } from '../db/schema/jobs.ts';

/** What the runner hands the engine thread (as workerData): the job as stored. */
export interface ThreadInput {
  /** The job's id: with a computation's index and a sample call's key, an IQM submission's client token. */
  jobId: string;
  kind: JobKind;
  hyperparameters: Record<string, string>;
  /** For an IQM job: where its shots come from. */
  iqm?: IqmConnection;
  /** CASCI references the runner's earlier jobs computed, by the engine's key: not computed again. */
  references: Array<[string, number]>;
  /** The engine's estimate of the job's peak memory, and the limit the thread runs under (MB). */
  memory: { estimateMb: number; limitMb: number };
  /** Where an earlier run of the job left each computation (by its index), for this run to resume. */
  resume?: Array<[number, { checkpoint: unknown; iqmJobs: Record<string, string>; updatedAt: Date }]>;
}

/** How a runner talks to IQM Resonance: the operator's settings (IQM_* in config.ts). */
export interface IqmLimits {
  pollMs: number;
  requestTimeoutMs: number;
  retryBudgetMs: number;
  retryBaseDelayMs: number;
  /** The longest an IQM job may wait in IQM's queue; no limit if absent. */
  queueDeadlineMs?: number;
}

/** One user's quantum computer on IQM Resonance, with their API key. */
export interface IqmConnection extends IqmLimits {
  baseUrl: string;
  token: string;
  /** garnet, emerald or sirius: the job's device. */
  computer: string;
}

/** What the runner tells a running thread: stop the run, aborting its IQM job in flight. */
export type ThreadCommand = { type: 'abort' };

/** What the engine thread reports, in order; `done` or `failed` comes last. */
export type ThreadMessage =
  | { type: 'log'; line: string }
  | { type: 'iteration'; point: IterationPoint }
  /** Computation `run`'s RHF has converged: its energies, shown while the rest of the run goes on. */
  | { type: 'rhf'; run: number; energies: RhfEnergies }
  /** One molecule's computation finished: its energies and sizes, stored as they are (not parsed from logs). */
  | { type: 'result'; result: StoredRunResult }
  /** A CASCI reference the run computed, for the runner to hand later jobs. */
  | { type: 'reference'; key: string; energy: number }
  /** The IQM job now in flight (null once its counts are in): the runner aborts it if the run is stopped. */
  | { type: 'remote-job'; id: string | null }
  /** The IQM job in flight waits in IQM's queue (its position where IQM gives one), or null: no longer. */
  | { type: 'queue'; place: { position: number | null; waitedMs: number } | null }
  /** Computation `run` (its index in the job) completed an iteration: where to resume it from. */
  | { type: 'checkpoint'; run: number; checkpoint: LoopCheckpoint }
  /** The IQM job computation `run`'s sample call `key` submitted (or found), to be collected on resume. */
  | { type: 'iqm-job'; run: number; key: string; id: string }
  | { type: 'done' }
  | { type: 'failed'; message: string };
