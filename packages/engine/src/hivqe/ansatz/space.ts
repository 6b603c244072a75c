/** The active space as the circuits see it: norb spatial orbitals, 2·norb qubits. */
export interface ActiveSpace {
  norb: number;
  nalpha: number;
  nbeta: number;
  /**
   * The order in which the entanglers of a particle-conserving ansatz link the orbitals of each register
   * (`chain.ts`); absent, energy order.
   */
  chain?: readonly number[];
}

/** The Hartree–Fock determinant: the lowest orbitals occupied, as (alpha string, beta string). */
export function hartreeFock(space: ActiveSpace): [alpha: number, beta: number] {
  return [(1 << space.nalpha) - 1, (1 << space.nbeta) - 1];
}
