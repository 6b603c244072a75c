import { congruence } from '../linalg/dense.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';

/**
 * The same Hamiltonian over rotated active orbitals: new orbital k = Σ_p U[p, k] φ_p for an orthogonal
 * U (norb × norb, row-major). A rotation within the active space leaves ecore and every exact energy of
 * the space (its CASCI) unchanged; what changes is which determinants carry the state.
 */
export function rotateOrbitals(ham: ActiveSpaceHamiltonian, u: Float64Array): ActiveSpaceHamiltonian {
  const n = ham.norb;
  return { ...ham, h1: congruence(ham.h1, u, n, n), eri: rotateEri(ham.eri, u, n) };
}

/** (pq|rs) → (kl|mn), one index at a time: four passes of n⁵ multiply-adds instead of one of n⁸. */
function rotateEri(eri: Float64Array, u: Float64Array, n: number): Float64Array {
  let current = eri;
  // Each pass transforms the last index and moves it to the front, so after four passes every index
  // has been transformed once and the order is back to (p, q, r, s).
  for (let pass = 0; pass < 4; pass++) {
    const next = new Float64Array(n ** 4);
    const rest = n ** 3;
    for (let front = 0; front < rest; front++) {
      const row = front * n;
      for (let k = 0; k < n; k++) {
        let sum = 0;
        for (let s = 0; s < n; s++) sum += current[row + s] * u[s * n + k];
        next[k * rest + front] = sum;
      }
    }
    current = next;
  }
  return current;
}
