import { describe, expect, it } from 'vitest';
import { sameSpinHamiltonian } from '../src/ci/excitations.ts';
import { orbitalIrreps } from '../src/ci/orbital-irreps.ts';
import { ProductDiagonal } from '../src/ci/product-diagonal.ts';
import { enumerateStrings, occupiedOrbitals, StringSet } from '../src/ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';
import { randomHamiltonian } from './support/synthetic.ts';

/** The diagonal over alpha × beta of `ham`, built as ProductSpaceHamiltonian builds it. */
function diagonalOf(ham: ActiveSpaceHamiltonian, alpha: StringSet, beta: StringSet): ProductDiagonal {
  const n = ham.norb;
  const alphaOcc = Array.from(alpha.strings, (x) => occupiedOrbitals(x, n));
  const betaOcc = Array.from(beta.strings, (x) => occupiedOrbitals(x, n));
  const coulombOnBeta = new Float64Array(n * n * beta.size);
  for (let pq = 0; pq < n * n; pq++)
    betaOcc.forEach((occ, b) => {
      for (const r of occ) coulombOnBeta[pq * beta.size + b] += ham.eri[pq * n * n + r * n + r];
    });
  return new ProductDiagonal(
    ham,
    alphaOcc,
    sameSpinHamiltonian(ham, beta),
    coulombOnBeta,
    beta.size,
    ham.nbeta,
  );
}

/**
 * `ham` with the Coulomb integrals (ii|jj), i ≠ j, raised by random amounts of up to `scale`: diagonals that the
 * one-electron terms no longer order, so that the element of the lowest bound is often not the lowest.
 */
function strongCoulomb(ham: ActiveSpaceHamiltonian, seed: number, scale: number): ActiveSpaceHamiltonian {
  const n = ham.norb;
  const eri = Float64Array.from(ham.eri);
  let state = seed;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < i; j++) {
      const raise = scale * ((state = (state * 16807) % 2147483647) / 2147483647);
      eri[((i * n + i) * n + j) * n + j] += raise;
      eri[((j * n + j) * n + i) * n + i] += raise;
    }
  return { ...ham, eri };
}

/** The first position of the smallest element, as a scan finds it. */
function scanLowest(values: Float64Array): number {
  let lowest = 0;
  for (let i = 1; i < values.length; i++) if (values[i] < values[lowest]) lowest = i;
  return lowest;
}

describe('the diagonal over a product space', () => {
  it('finds its lowest element without computing them all, as a scan of them all does', () => {
    const n2 = n2Sto3g(1.1);
    // N2 closed-shell and an electron short of a closed shell either side, and random integrals over subsets
    // (where the lowest bound is often not the lowest element).
    const n2Strings = (electrons: number) =>
      new StringSet(enumerateStrings(n2.norb, electrons), orbitalIrreps(n2));
    const cases: Array<[ActiveSpaceHamiltonian, StringSet, StringSet]> = [
      [n2, n2Strings(5), n2Strings(5)],
      [n2, n2Strings(5), n2Strings(3)],
      [n2, n2Strings(3), n2Strings(5)],
    ];
    for (let seed = 41; seed < 81; seed++) {
      const ham = strongCoulomb(randomHamiltonian(8, 4, 3, seed), seed, 2);
      const all = Array.from(enumerateStrings(8, 4));
      cases.push([
        ham,
        new StringSet(all.filter((_, i) => i % 3 !== 1)),
        new StringSet(enumerateStrings(8, 3)),
      ]);
    }
    for (const [ham, alpha, beta] of cases) {
      const diagonal = diagonalOf(ham, alpha, beta);
      const whole = diagonal.build(null);
      const lowest = scanLowest(whole);
      expect(diagonal.lowestPosition()).toBe(lowest);
    }
  });

  it('computes a symmetry block alone, the same values as the whole diagonal there and zero outside', () => {
    const ham = n2Sto3g(1.1);
    const strings = new StringSet(enumerateStrings(ham.norb, ham.nalpha), orbitalIrreps(ham));
    const diagonal = diagonalOf(ham, strings, strings);
    const nb = strings.size;
    const start = Int32Array.from(strings.strings, (_, a) => (a * 7) % nb);
    const end = Int32Array.from(start, (from) => Math.min(nb, from + 5));
    const [whole, block] = [diagonal.build(null), diagonal.build({ start, end })];
    whole.forEach((value, k) => {
      const [a, b] = [Math.floor(k / nb), k % nb];
      expect(block[k]).toBe(b >= start[a] && b < end[a] ? value : 0);
    });
    expect(Math.max(...block.map(Math.abs))).toBeGreaterThan(1);
  });
});
