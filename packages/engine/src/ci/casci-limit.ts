import type { ActiveSpaceHamiltonian } from '../types.ts';
import { binomial, MAX_STRING_ORBITALS } from './strings.ts';

/**
 * Above this many determinants CASCI is skipped: its Davidson keeps about 30 vectors of this length
 * (≈ 240 MB at the limit) and one run takes minutes in this engine.
 */
export const MAX_CASCI_DETERMINANTS = 1_000_000;
/** Davidson's largest search space (14 vectors and their 14 images) with its residual and guess. */
export const DAVIDSON_VECTORS = 30;

type SpaceSize = Pick<ActiveSpaceHamiltonian, 'norb' | 'nalpha' | 'nbeta'>;

export function fullSpaceSize(ham: SpaceSize): number {
  return binomial(ham.norb, ham.nalpha) * binomial(ham.norb, ham.nbeta);
}

/** The memory of Davidson's vectors (float64) over a space of this many determinants: CASCI's or a subspace's. */
export const davidsonVectorBytes = (determinants: number) => 8 * DAVIDSON_VECTORS * determinants;

/** Why CASCI cannot be run on this active space, or null when it can. */
export function casciLimitReason(ham: SpaceSize): string | null {
  if (ham.norb > MAX_STRING_ORBITALS) {
    return `${ham.norb} active orbitals exceed the limit of ${MAX_STRING_ORBITALS}`;
  }
  const determinants = fullSpaceSize(ham);
  if (determinants > MAX_CASCI_DETERMINANTS) {
    return (
      `${determinants.toLocaleString('en-US')} determinants exceed the CASCI limit of ` +
      MAX_CASCI_DETERMINANTS.toLocaleString('en-US')
    );
  }
  return null;
}
