import { JOB_MESSAGES } from '@hivqe/contract';
import { EngineInputError, estimateRunMemory } from '@hivqe/engine';
import type { JobBackendName, JobKind } from '../../db/schema/jobs.ts';
import { engineRuns } from '../../providers/quantum/local/engine-runs.ts';

/**
 * Why a job is too large for a runner, or null: the engine's limits (its reason, word for word), then its
 * estimate of the peak memory (for a bond scan, its largest molecule) against the budget. On `iqm` the
 * shots come from the quantum computer, so no state vector is simulated.
 */
export function memoryRefusal(
  kind: JobKind,
  hyperparameters: Readonly<Record<string, string>>,
  backend: JobBackendName,
  budgetMb: number,
): string | null {
  try {
    const estimates = engineRuns(kind, hyperparameters)
      .map((run) => estimateRunMemory(run.hyperparameters, { simulates: backend === 'local' }))
      .sort((a, b) => b.bytes - a.bytes);
    const largest = estimates.at(0);
    const mb = Math.ceil((largest?.bytes ?? 0) / 2 ** 20);
    return largest === undefined || mb <= budgetMb
      ? null
      : JOB_MESSAGES.tooMuchMemory({ ...largest, mb }, budgetMb);
  } catch (error) {
    if (error instanceof EngineInputError) return error.message;
    throw error;
  }
}
