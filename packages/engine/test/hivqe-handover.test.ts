import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { enumerateStrings, popcount } from '../src/ci/strings.ts';
import { handover } from '../src/hivqe/handover.ts';
import { diagonalise } from '../src/hivqe/subspace.ts';
import { denseHamiltonian } from './support/fock-space.ts';
import { randomHamiltonian } from './support/synthetic.ts';

const ham = randomHamiltonian(6, 2, 2, 31);
const hf = 0b11;

describe('handover expansion', () => {
  it('adds the strings of the best-coupled singles and doubles of the largest determinant', async () => {
    const subspace = await diagonalise(ham, [hf], null, new CancelPoint());
    const all: Array<[number, number]> = [];
    for (const a of enumerateStrings(6, 2)) for (const b of enumerateStrings(6, 2)) all.push([a, b]);
    const dense = denseHamiltonian(ham, all);
    const hfColumn = all.findIndex(([a, b]) => a === hf && b === hf);
    const ranked = all
      .map(([a, b], row) => ({ a, b, coupling: Math.abs(dense[row * all.length + hfColumn]) }))
      .filter(({ a, b }) => popcount(a ^ hf) + popcount(b ^ hf) <= 4 && !(a === hf && b === hf))
      .sort((x, y) => y.coupling - x.coupling);

    for (const limit of [1, 6, 40, 1000]) {
      const result = handover(ham, subspace, limit);
      expect(result?.source).toEqual([hf, hf]);
      const chosen = ranked.slice(0, limit);
      expect(result?.determinants).toBe(chosen.length);
      const expected = new Set(chosen.flatMap(({ a, b }) => [a, b]).filter((x) => x !== hf));
      expect(new Set(result?.strings)).toEqual(expected);
    }
  });

  it('moves on to the next largest determinant once one has nothing left outside the subspace', async () => {
    const threeElectrons = randomHamiltonian(6, 3, 3, 32);
    const reference = 0b111;
    const everything = await diagonalise(threeElectrons, enumerateStrings(6, 3), null, new CancelPoint());
    expect(handover(threeElectrons, everything, 10)).toBeNull();

    // Every string within a double excitation of HF: all of HF's singles and doubles are inside.
    const near = enumerateStrings(6, 3).filter((x) => popcount(x & ~reference) <= 2);
    const subspace = await diagonalise(threeElectrons, near, null, new CancelPoint());
    const result = handover(threeElectrons, subspace, 10);
    expect(result).not.toBeNull();
    expect(result?.source).not.toEqual([reference, reference]);
    expect(result?.determinants).toBeGreaterThan(0);
    expect(result?.strings).toEqual([0b111000]);
    expect(result?.strings.every((x) => subspace.strings.indexOf(x) < 0)).toBe(true);
  });
});
