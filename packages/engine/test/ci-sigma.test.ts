import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { enumerateStrings, StringSet } from '../src/ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { denseHamiltonian } from './support/fock-space.ts';
import { randomHamiltonian } from './support/synthetic.ts';

/** The matrix the operator applies, column by column, next to the one built from second quantisation. */
async function compareWithFockSpace(ham: ActiveSpaceHamiltonian, alpha: StringSet, beta: StringSet) {
  const op = new ProductSpaceHamiltonian(ham, alpha, beta);
  const determinants: Array<[number, number]> = [];
  for (const a of alpha.strings) for (const b of beta.strings) determinants.push([a, b]);
  const reference = denseHamiltonian(ham, determinants);
  const n = op.size;
  let largestDifference = 0;
  for (let column = 0; column < n; column++) {
    // The spin-symmetric operator acts on C = Cᵀ only: apply it to e_ab + e_ba.
    const mirror = op.spinSymmetric
      ? (column % alpha.size) * alpha.size + Math.floor(column / alpha.size)
      : -1;
    const x = new Float64Array(n);
    x[column] = 1;
    if (mirror >= 0) x[mirror] = 1;
    const y = new Float64Array(n);
    await op.apply(x, y, new CancelPoint());
    for (let row = 0; row < n; row++) {
      const expected =
        reference[row * n + column] + (mirror >= 0 && mirror !== column ? reference[row * n + mirror] : 0);
      largestDifference = Math.max(largestDifference, Math.abs(y[row] - expected));
    }
  }
  const diagonalDifference = Math.max(
    ...Array.from(op.diagonal, (d, i) => Math.abs(d - reference[i * n + i])),
  );
  return { largestDifference, diagonalDifference, reference };
}

describe('H·C over alpha strings × beta strings', () => {
  it('matches the second-quantised Hamiltonian for different alpha and beta electron counts', async () => {
    const ham = randomHamiltonian(6, 3, 2, 11);
    const alpha = new StringSet(enumerateStrings(6, 3));
    const beta = new StringSet(enumerateStrings(6, 2));
    const { largestDifference, diagonalDifference, reference } = await compareWithFockSpace(ham, alpha, beta);
    expect(Math.max(...reference.map(Math.abs))).toBeGreaterThan(0.1);
    expect(largestDifference).toBeLessThan(1e-12);
    expect(diagonalDifference).toBeLessThan(1e-12);
  });

  it('matches it on spin-symmetric vectors when both spins share one string set', async () => {
    const ham = randomHamiltonian(6, 3, 3, 12);
    const strings = new StringSet(enumerateStrings(6, 3));
    const { largestDifference, diagonalDifference } = await compareWithFockSpace(ham, strings, strings);
    expect(largestDifference).toBeLessThan(1e-12);
    expect(diagonalDifference).toBeLessThan(1e-12);
  });

  it('matches it on a selected subset of strings, as HI-VQE uses', async () => {
    const ham = randomHamiltonian(7, 3, 3, 13);
    const subset = new StringSet(Array.from(enumerateStrings(7, 3)).filter((_, i) => i % 3 !== 1));
    const { largestDifference } = await compareWithFockSpace(ham, subset, subset);
    expect(largestDifference).toBeLessThan(1e-12);
    const alpha = new StringSet(Array.from(enumerateStrings(7, 3)).filter((_, i) => i % 2 === 0));
    const beta = new StringSet(Array.from(enumerateStrings(7, 2)).filter((_, i) => i % 4 !== 3));
    expect((await compareWithFockSpace(ham, alpha, beta)).largestDifference).toBeLessThan(1e-12);
  });
});
