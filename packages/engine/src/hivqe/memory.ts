import { estimateMemoryBytes } from '../chem/limits.ts';
import { fullSpaceSize, MAX_CASCI_DETERMINANTS } from '../ci/casci.ts';
import { stateVectorSize } from './ansatz/index.ts';
import { checkRunLimits } from './limits.ts';
import { parseHiVqeParams } from './params.ts';

/** A run's peak memory, as estimated from its hyperparameters before anything is computed. */
export interface MemoryEstimate {
  bytes: number;
  basisFunctions: number;
  activeOrbitals: number;
}

/**
 * Calibrated on the CLI's peak resident memory (GNU time): H2 STO-3G 98 MiB; N2 6-31G (18 basis functions,
 * 10 active orbitals) 134 MiB; benzene 6-31G* (96 functions) 291 MiB; N2 6-31G hardware-efficient on 12
 * orbitals (2^22-amplitude state vector) 481 MiB; benzene aug-cc-pVDZ (192 functions) 2,765 MiB. Each
 * estimate lies 0-30% above (test/engine-memory.test.ts). What a run holds besides its large arrays (the
 * runtime, the engine's code, basis and orbital matrices):
 */
const BASELINE_BYTES = 128 * 2 ** 20;
/** The large arrays cost more than their bytes: allocator and garbage-collector slack, smaller arrays. */
const ARRAY_OVERHEAD = 1.25;
/** Davidson's largest search space (14 vectors and their 14 images) with its residual and guess. */
const DAVIDSON_VECTORS = 30;
/** A simulated state vector: real and imaginary parts in float64. */
const BYTES_PER_AMPLITUDE = 16;

/**
 * Estimates the peak memory of a HI-VQE run: the integrals (AO integrals, their SCF supermatrix and the
 * transformed ones), the CASCI or subspace Davidson vectors (the loop diagonalises up to twice max_states
 * determinants) and, when the engine `simulates` the circuit rather than drawing shots from a quantum
 * computer, the state vector; all counted as if held at once, so the figure errs high. Cheap: it builds
 * the basis set, not the integrals. Throws EngineInputError for input the engine would refuse, limits included.
 */
export function estimateRunMemory(
  hyperparameters: Readonly<Record<string, unknown>>,
  { simulates }: { simulates: boolean },
): MemoryEstimate {
  const params = parseHiVqeParams(hyperparameters);
  const { basisFunctions: nbf, space } = checkRunLimits(params, simulates);
  const norb = space.norb;
  let correlation = 0;
  if (norb > 0) {
    const full = fullSpaceSize(space);
    const determinants = Math.max(
      full <= MAX_CASCI_DETERMINANTS ? full : 0,
      Math.min(2 * params.maxStates, full),
    );
    const choice = {
      ansatz: params.ansatz,
      entanglement: params.ansatzEntanglement,
      reps: params.ansatzReps,
    };
    correlation =
      8 * DAVIDSON_VECTORS * determinants +
      (simulates ? BYTES_PER_AMPLITUDE * stateVectorSize(space, choice) : 0);
  }
  return {
    bytes: BASELINE_BYTES + ARRAY_OVERHEAD * (estimateMemoryBytes(nbf, norb) + correlation),
    basisFunctions: nbf,
    activeOrbitals: norb,
  };
}
