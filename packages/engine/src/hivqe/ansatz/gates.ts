import type { ActiveSpace } from './space.ts';

/**
 * Electrons moved within one spin, in order: [hole, particle] pairs, each step a†_particle a_hole with
 * the sign (−1)^(electrons strictly between the two orbitals) of the string it acts on at that step
 * (one step: `excitationSign`; two: `doubleExcitationSign`).
 */
export type SpinExcitation = ReadonlyArray<readonly [hole: number, particle: number]>;

/**
 * One gate of an ansatz, on Jordan–Wigner qubits (q < norb: alpha orbital q; norb + p: beta orbital p),
 * with the index of the parameter θ it takes. The same list drives the block state-vector simulator
 * (`block-circuit.ts`) and the export to a quantum computer's native gates (`native/lower.ts`), so the
 * two cannot describe different circuits.
 */
export type AnsatzGate =
  /** RZ(θ) = exp(−iθZ/2). */
  | { type: 'rz'; qubit: number; parameter: number }
  /** RY(θ) = exp(−iθY/2). */
  | { type: 'ry'; qubit: number; parameter: number }
  | { type: 'cx'; control: number; target: number }
  /** exp(−iθ(XX + YY)/2): RXX(θ)·RYY(θ). */
  | { type: 'exchange'; qubits: readonly [number, number]; parameter: number }
  /** exp(θ(T − T†)) with T the alpha excitation times the beta one (null: none in that spin). */
  | { type: 'excitation'; alpha: SpinExcitation | null; beta: SpinExcitation | null; parameter: number };

/** An ansatz as a gate list applied to the Hartree–Fock state, and the particle-number blocks it reaches. */
export interface AnsatzProgram {
  space: ActiveSpace;
  gates: AnsatzGate[];
  numParameters: number;
  /** The (kα, kβ) blocks the state vector must hold (`layout.ts`). */
  blockCounts: Array<[number, number]>;
  /**
   * The logical qubits in the order the entanglers link them, which a device placement lays along a path
   * of coupled qubits; absent, 0 … 2·norb−1 (Jordan–Wigner order).
   */
  path?: readonly number[];
}
