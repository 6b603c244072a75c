import type { IterationPoint } from '@hivqe/engine';
import type { JobKind } from '../db/schema/jobs.ts';

/** What the runner hands the engine thread (as workerData): the job as stored. */
export interface ThreadInput {
  kind: JobKind;
  hyperparameters: Record<string, string>;
}

/** What the engine thread reports, in order; `done` or `failed` comes last. */
export type ThreadMessage =
  | { type: 'log'; line: string }
  | { type: 'iteration'; point: IterationPoint }
  | { type: 'done' }
  | { type: 'failed'; message: string };
