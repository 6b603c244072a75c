import type { ActiveSpaceHamiltonian } from '../types.ts';

/**
 * Slater–Condon matrix elements of the active-space Hamiltonian between determinants, without the
 * permutation sign (callers take it from `excitationSign`). Orbital indices are spatial; "same" and
 * "other" refer to the spin of the excited electron(s).
 */
type Integrals = Pick<ActiveSpaceHamiltonian, 'norb' | 'h1' | 'eri'>;

export function eriAt(ham: Integrals, p: number, q: number, r: number, s: number): number {
  const n = ham.norb;
  return ham.eri[((p * n + q) * n + r) * n + s];
}

/** Energy of one spin's electrons alone: Σ h_ii + ½ Σ [(ii|jj) − (ij|ji)]. */
export function sameSpinDiagonal(ham: Integrals, occ: readonly number[]): number {
  const n = ham.norb;
  let energy = 0;
  for (const i of occ) {
    energy += ham.h1[i * n + i];
    for (const j of occ) energy += 0.5 * (eriAt(ham, i, i, j, j) - eriAt(ham, i, j, j, i));
  }
  return energy;
}

/** <…a…|H|…i…> for one electron moving i → a, given the occupied orbitals of both spins before the move. */
export function singleExcitationElement(
  ham: Integrals,
  occSame: readonly number[],
  occOther: readonly number[],
  i: number,
  a: number,
): number {
  let element = ham.h1[a * ham.norb + i];
  for (const k of occSame) element += eriAt(ham, a, i, k, k) - eriAt(ham, a, k, k, i);
  for (const k of occOther) element += eriAt(ham, a, i, k, k);
  return element;
}

/** Two electrons of one spin moving i → a and j → b. */
export function sameSpinDoubleElement(ham: Integrals, i: number, j: number, a: number, b: number): number {
  return eriAt(ham, a, i, b, j) - eriAt(ham, a, j, b, i);
}
