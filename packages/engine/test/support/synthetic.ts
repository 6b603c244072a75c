import type { ActiveSpaceHamiltonian } from '../../src/types.ts';
import { Xoshiro128 } from '../../src/hivqe/rng.ts';

/**
 * A random active-space Hamiltonian with the symmetries of a real one: symmetric h1 and
 * (pq|rs) = Σ_k L^k_pq L^k_rs with symmetric L^k, which has the full 8-fold symmetry.
 */
export function randomHamiltonian(
  norb: number,
  nalpha: number,
  nbeta: number,
  seed: number,
): ActiveSpaceHamiltonian {
  const rng = new Xoshiro128(seed);
  const h1 = new Float64Array(norb * norb);
  for (let p = 0; p < norb; p++) {
    for (let q = 0; q <= p; q++) {
      const value = p === q ? -2 + p * 0.3 + 0.2 * rng.next() : 0.2 * (rng.next() - 0.5);
      h1[p * norb + q] = value;
      h1[q * norb + p] = value;
    }
  }
  const rank = 3;
  const factors = Array.from({ length: rank }, () => {
    const l = new Float64Array(norb * norb);
    for (let p = 0; p < norb; p++) {
      for (let q = 0; q <= p; q++) {
        const value = (p === q ? 0.5 : 0.15) * (rng.next() - 0.3);
        l[p * norb + q] = value;
        l[q * norb + p] = value;
      }
    }
    return l;
  });
  const n2 = norb * norb;
  const eri = new Float64Array(n2 * n2);
  for (const l of factors)
    for (let pq = 0; pq < n2; pq++) for (let rs = 0; rs < n2; rs++) eri[pq * n2 + rs] += l[pq] * l[rs];
  return { norb, nalpha, nbeta, ecore: 1.5, h1, eri };
}
