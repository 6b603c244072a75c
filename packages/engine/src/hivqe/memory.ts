import { estimateMemoryBytes } from '../chem/limits.ts';
import { davidsonVectorBytes, fullSpaceSize, MAX_CASCI_DETERMINANTS } from '../ci/casci-limit.ts';
import { stateVectorSize, type AnsatzChoice } from './ansatz/index.ts';
import type { ActiveSpace } from './ansatz/space.ts';
import { checkRunLimits, chosenSimulator } from './limits.ts';
import { mpsMemoryBytes } from './mps/mps.ts';
import { parseHiVqeParams, type HiVqeParams } from './params.ts';

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
/** A simulated state vector: real and imaginary parts in float64. */
const BYTES_PER_AMPLITUDE = 16;
/**
 * The subspace's vectors beyond Davidson's: the perturbative selection's product (C, H·C and the diagonal
 * over up to twice the subspace, perturbative.ts) is made while the last diagonalisation's vectors await
 * collection. N2 cc-pVDZ (16o,10e) at max_states 10^6 peaked at 601 MiB with 20 vectors counted (575 MiB).
 */
const SELECTION_VECTORS = 4;

/**
 * Estimates the peak memory of a HI-VQE run: the integrals (AO integrals, their SCF supermatrix and the
 * transformed ones), the CASCI or subspace Davidson vectors (the loop diagonalises up to twice max_states
 * determinants) and, when the engine `simulates` the circuit rather than drawing shots from a quantum
 * computer, the state vector or matrix-product state; all counted as if held at once, so the figure errs high. Monotonic in the
 * problem's size: more basis functions, active orbitals, active electrons or max_states never give a lower
 * figure (see correlationBytes). Cheap: it builds the basis set, not the integrals. Throws EngineInputError
 * for input the engine would refuse, limits included.
 */
export function estimateRunMemory(
  hyperparameters: Readonly<Record<string, unknown>>,
  { simulates }: { simulates: boolean },
): MemoryEstimate {
  const params = parseHiVqeParams(hyperparameters);
  const { basisFunctions: nbf, space } = checkRunLimits(params, simulates);
  const correlation = space.norb > 0 ? correlationBytes(space, params, simulates) : 0;
  return {
    bytes: BASELINE_BYTES + ARRAY_OVERHEAD * (estimateMemoryBytes(nbf, space.norb) + correlation),
    basisFunctions: nbf,
    activeOrbitals: space.norb,
  };
}

/** The state vector, or the matrix-product state at its largest bond dimension. */
function simulationBytes(space: ActiveSpace, choice: AnsatzChoice, params: HiVqeParams): number {
  return chosenSimulator(space, choice, params.simulator) === 'statevector'
    ? BYTES_PER_AMPLITUDE * stateVectorSize(space, choice)
    : mpsMemoryBytes(2 * space.norb, params.mpsBondDimension);
}

/**
 * The Davidson vectors and the circuit simulation of the active space. Two choices keep the figure
 * monotonic where the run's true peak is not: when the job asks for CASCI (compute_reference), its vectors
 * are counted up to the CASCI limit even on a space too large for CASCI (which the server refuses at
 * creation, and the run skips), and the figure is the largest over the space with as many electrons or fewer
 * (a space more than half filled has fewer determinants than a half-filled one, by particle-hole symmetry).
 * Both err high, never low.
 */
function correlationBytes(space: ActiveSpace, params: HiVqeParams, simulates: boolean): number {
  const choice: AnsatzChoice = {
    ansatz: params.ansatz,
    entanglement: params.ansatzEntanglement,
    reps: params.ansatzReps,
  };
  let largest = 0;
  // Closed shells: alpha and beta electrons come in pairs.
  for (let pairs = 0; pairs <= Math.min(space.nalpha, space.nbeta); pairs++) {
    const fewer = {
      ...space,
      nalpha: space.nalpha - pairs,
      nbeta: space.nbeta - pairs,
    };
    const full = fullSpaceSize(fewer);
    const subspace = Math.min(2 * params.maxStates, full);
    // Under `auto` CASCI runs only on a space no larger than max_states, whose vectors the subspace's count.
    const casci =
      params.reference === 'always' ? davidsonVectorBytes(Math.min(full, MAX_CASCI_DETERMINANTS)) : 0;
    const vectors = Math.max(casci, davidsonVectorBytes(subspace) + 8 * SELECTION_VECTORS * subspace);
    const bytes = vectors + (simulates ? simulationBytes(fewer, choice, params) : 0);
    largest = Math.max(largest, bytes);
  }
  return largest;
}
