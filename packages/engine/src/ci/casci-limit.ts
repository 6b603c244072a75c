import type { ActiveSpaceHamiltonian } from '../types.ts';
import { binomial, MAX_STRING_ORBITALS } from './strings.ts';

/**
 * Above this many determinants CASCI is skipped: 12 M holds (14o,14e) (11,778,624 determinants), which one
 * thread solves in about 85 s CPU and 1.8 GiB (docs/engine.md); Davidson's 20 vectors at the limit are 1.9 GB.
 */
export const MAX_CASCI_DETERMINANTS = 12_000_000;
/**
 * Davidson's largest search space (6 vectors and their 6 images), the Ritz vector, its image, the residual
 * and the correction, the two vectors a restart builds before it drops the old ones, and the two shared
 * vectors through which H·C's threads read C and write H·C (product-space.ts): 20. A 10^7-determinant
 * subspace peaked at 1,654 MiB on one thread and 1,796 MiB on two, 20 vectors of 76 MiB and the rest of the run.
 */
export const DAVIDSON_VECTORS = 20;

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
