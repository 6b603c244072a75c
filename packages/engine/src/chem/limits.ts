import { EngineInputError } from './errors.ts';
import { pairCount } from '../linalg/packed.ts';

/**
 * Size limits, checked before anything large is allocated. The two-electron integrals are stored once
 * (8-fold symmetry-unique, nbf⁴/8 doubles, fewer when a reflection fixes every atom; the SCF supermatrix
 * takes their place), and every SCF iteration sweeps them: at 200 basis functions that is up to 1.6 GB.
 * Time grows as nbf⁴.
 */
export const MAX_BASIS_FUNCTIONS = 200;
/**
 * The integral transformation costs about nbf⁴·norb multiply-adds (a minute at 200 basis functions and
 * 30 active orbitals), and 30 orbitals (60 qubits) is also as far as any correlation method here goes.
 */
export const MAX_ACTIVE_ORBITALS = 30;
/** Guard on the total of the large arrays, should the limits above ever be raised. */
export const MAX_MEMORY_BYTES = 8 * 2 ** 30;

/**
 * Bytes of the large arrays: the AO integrals (which become the SCF supermatrix and back, in place, through
 * a scratch block of nbf·nbf(nbf+1)/2 doubles), the half-transformed integrals and the active integrals;
 * the integrals counted without the symmetry that may store fewer (PackedIntegrals), so it errs high.
 */
export function estimateMemoryBytes(nbf: number, norb: number): number {
  const aoPairs = pairCount(nbf);
  return 8 * (pairCount(aoPairs) + nbf * aoPairs + (norb > 0 ? aoPairs * pairCount(norb) + norb ** 4 : 0));
}

export function checkProblemSize(nbf: number, norb: number, basisName: string): void {
  if (nbf > MAX_BASIS_FUNCTIONS) {
    throw new EngineInputError(
      `the molecule has ${nbf} basis functions in ${basisName}; the engine handles at most ` +
        `${MAX_BASIS_FUNCTIONS} (try a smaller basis set)`,
    );
  }
  if (norb > MAX_ACTIVE_ORBITALS) {
    throw new EngineInputError(
      `the active space has ${norb} orbitals; the engine handles at most ${MAX_ACTIVE_ORBITALS}`,
    );
  }
  const bytes = estimateMemoryBytes(nbf, norb);
  if (bytes > MAX_MEMORY_BYTES) {
    throw new EngineInputError(
      `the integrals would need ${formatGiB(bytes)}; the engine's limit is ${formatGiB(MAX_MEMORY_BYTES)}`,
    );
  }
}

function formatGiB(bytes: number): string {
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}
