import { JOB_MESSAGES } from '@hivqe/contract';
import { EngineInputError, estimateRunMemory, type MemoryEstimate } from '@hivqe/engine';
import type { JobBackendName, JobKind } from '../../db/schema/jobs.ts';
import { engineRuns } from '../../providers/quantum/local/engine-runs.ts';

const MiB = 2 ** 20;

/**
 * The engine's estimate of a job's peak memory: for a bond scan, its largest molecule's. On `iqm` the shots
 * come from the quantum computer, so no state vector is simulated. Throws EngineInputError for input the
 * engine refuses.
 */
export function jobMemoryEstimate(
  kind: JobKind,
  hyperparameters: Readonly<Record<string, string>>,
  backend: JobBackendName,
): MemoryEstimate | undefined {
  return engineRuns(kind, hyperparameters)
    .map((run) => estimateRunMemory(run.hyperparameters, { simulates: backend === 'local' }))
    .sort((a, b) => b.bytes - a.bytes)
    .at(0);
}

/** The estimate in whole MB (rounded up), as budgets and limits are set. */
export const estimateMb = (estimate: MemoryEstimate | undefined): number =>
  Math.ceil((estimate?.bytes ?? 0) / MiB);

/**
 * Why a job is too large for a runner, or null: the engine's limits (its reason, word for word), then its
 * estimate of the peak memory against the budget.
 */
export function memoryRefusal(
  kind: JobKind,
  hyperparameters: Readonly<Record<string, string>>,
  backend: JobBackendName,
  budgetMb: number,
): string | null {
  try {
    const largest = jobMemoryEstimate(kind, hyperparameters, backend);
    const mb = estimateMb(largest);
    return largest === undefined || mb <= budgetMb
      ? null
      : JOB_MESSAGES.tooMuchMemory({ ...largest, mb }, budgetMb);
  } catch (error) {
    if (error instanceof EngineInputError) return error.message;
    throw error;
  }
}
