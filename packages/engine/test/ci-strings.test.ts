import { describe, expect, it } from 'vitest';
import { binomial, enumerateStrings, excitationSign, popcount, StringSet } from '../src/ci/strings.ts';
import { BlockLayout, StringTable } from '../src/hivqe/layout.ts';

describe('occupation strings', () => {
  it('counts and enumerates every string once, ascending, with the right electron count', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => binomial(10, k))).toEqual([
      1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1,
    ]);
    for (const [norb, nelec] of [
      [10, 5],
      [7, 2],
      [6, 6],
      [5, 0],
    ]) {
      const strings = Array.from(enumerateStrings(norb, nelec));
      expect(strings).toHaveLength(binomial(norb, nelec));
      expect(new Set(strings).size).toBe(strings.length);
      expect(strings.every((x) => popcount(x) === nelec && x < 2 ** norb)).toBe(true);
      expect([...strings].sort((a, b) => a - b)).toEqual(strings);
    }
  });

  it('gives a†_p a_q the sign of applying a_q then a†_p in Jordan–Wigner order', () => {
    const below = (x: number, p: number) => popcount(x & ((1 << p) - 1));
    for (const x of enumerateStrings(7, 3)) {
      for (let q = 0; q < 7; q++) {
        if (!((x >>> q) & 1)) continue;
        for (let p = 0; p < 7; p++) {
          if (p !== q && (x >>> p) & 1) continue;
          const removed = x & ~(1 << q);
          const expected = (-1) ** (below(x, q) + below(removed, p));
          expect(excitationSign(x, p, q)).toBe(expected);
        }
      }
    }
  });

  it('finds positions in a string set and refuses duplicates', () => {
    const set = new StringSet([12, 3, 5]);
    expect(Array.from(set.strings)).toEqual([3, 5, 12]);
    expect(set.indexOf(5)).toBe(1);
    expect(set.indexOf(6)).toBe(-1);
    expect(() => new StringSet([3, 3])).toThrow(/duplicate/);
  });
});

describe('block layouts of state vectors', () => {
  it('ranks strings by their position in the ascending list', () => {
    const table = new StringTable(8);
    for (let k = 0; k <= 8; k++) {
      table.strings(k).forEach((x, rank) => expect(table.rank(x)).toBe(rank));
    }
  });

  it('maps positions to basis states and back', () => {
    const layout = new BlockLayout(new StringTable(6), [
      [3, 3],
      [2, 4],
      [4, 2],
    ]);
    expect(layout.size).toBe(20 * 20 + 15 * 15 * 2);
    for (let i = 0; i < layout.size; i++) {
      const [alpha, beta] = layout.basisState(i);
      expect(layout.position(alpha, beta)).toBe(i);
    }
    expect(layout.position(0b1, 0b11111)).toBe(-1);
  });
});
