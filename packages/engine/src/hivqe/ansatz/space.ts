/** The active space as the circuits see it: norb spatial orbitals, 2·norb qubits. */
export interface ActiveSpace {
  norb: number;
  nalpha: number;
  nbeta: number;
}

/** The Hartree–Fock determinant: the lowest orbitals occupied, as (alpha string, beta string). */
export function hartreeFock(space: ActiveSpace): [alpha: number, beta: number] {
  return [(1 << space.nalpha) - 1, (1 << space.nbeta) - 1];
}
