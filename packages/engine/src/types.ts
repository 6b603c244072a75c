/**
 * The seam between the chemistry half of the engine (molecule, basis, integrals, RHF, active space)
 * and the correlation half (CASCI, HI-VQE). Both halves speak these types only.
 */

/** Spatial-orbital Hamiltonian of the active space, with everything frozen folded into `ecore`. */
export interface ActiveSpaceHamiltonian {
  /** Number of active spatial orbitals. */
  norb: number;
  nalpha: number;
  nbeta: number;
  /** Nuclear repulsion + frozen-core energy. */
  ecore: number;
  /** Effective one-electron integrals h[p*norb+q], symmetric. */
  h1: Float64Array;
  /** Two-electron integrals in chemists' notation (pq|rs) at index ((p*norb+q)*norb+r)*norb+s, full 8-fold symmetric array. */
  eri: Float64Array;
}

/** One HI-VQE iteration as streamed to the job runner (shared/engine.md, "Output"). */
export interface IterationPoint {
  costFunctionCall: number;
  energy: number;
  /** energy − exact energy (NaN when no exact energy is known). */
  error: number;
  numStates: number;
  /** ISO 8601. */
  timestamp: string;
}
