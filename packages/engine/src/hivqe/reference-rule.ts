import { casciLimitReason, fullSpaceSize } from '../ci/casci-limit.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';

/**
 * When a HI-VQE run computes its CASCI reference: the engine-only `reference` hyperparameter, or `always`
 * when the job sets `compute_reference` (what the console's forms send).
 */
export const REFERENCE_MODES = ['auto', 'always', 'never'] as const;
export type ReferenceMode = (typeof REFERENCE_MODES)[number];

/** What of a job decides its reference. */
export interface ReferenceRequest {
  reference: ReferenceMode;
  exactEnergy: number | null;
  maxStates: number;
}

/**
 * Why this run goes without a CASCI reference, or null when it computes (or reuses) one; the words a
 * result card shows. `auto` computes it only when the job gives no `exact_energy` and the loop may grow
 * to the whole space (full space ≤ max_states): then CASCI costs about one of the loop's own
 * diagonalisations. Above that, as on N2 cc-pVDZ (10o,10e) at the default cap, it would cost as much as
 * the loop, for a figure nobody asked for. Pure and light: the forms ask it to say what will run.
 */
export function referenceSkipReason(
  space: Pick<ActiveSpaceHamiltonian, 'norb' | 'nalpha' | 'nbeta'>,
  request: ReferenceRequest,
): string | null {
  const limit = casciLimitReason(space);
  if (limit !== null) return limit;
  if (request.reference === 'always') return null;
  if (request.reference === 'never') return 'reference is never';
  if (request.exactEnergy !== null) return 'the job gives exact_energy';
  const full = fullSpaceSize(space);
  if (full > request.maxStates) {
    return (
      `the full space (${full.toLocaleString('en-US')} determinants) is larger than max_states ` +
      `(${request.maxStates.toLocaleString('en-US')}) and the job did not ask for it (compute_reference)`
    );
  }
  return null;
}
