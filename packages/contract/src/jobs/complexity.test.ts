import { describe, expect, it } from 'vitest';
import { jobComplexity } from './complexity.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('jobComplexity', () => {
  it('multiplies the weights by the fourth power of active minus frozen orbitals', () => {
    // The defaults: ccpvdz 5 × epa 2 × circular 3 × (10 − 2)^4.
    expect(
      jobComplexity({
        basis: 'ccpvdz',
        ansatz: 'epa',
        ansatz_entanglement: 'circular',
        active_orbitals: range(2, 11),
        frozen_orbitals: [0, 1],
      }),
    ).toBe(5 * 2 * 3 * 8 ** 4);
    expect(
      jobComplexity({
        basis: 'ccpvqz',
        ansatz: 'adapt',
        ansatz_entanglement: 'full',
        active_orbitals: range(0, 2),
        frozen_orbitals: [],
      }),
    ).toBe(9 * 8 * 5 * 3 ** 4);
  });

  it('weighs unknown values, the wizard’s spellings among them, as 1', () => {
    expect(
      jobComplexity({
        basis: 'sto-3g',
        ansatz: 'ucc-s-d',
        ansatz_entanglement: 'no',
        active_orbitals: [0, 1],
        frozen_orbitals: [],
      }),
    ).toBe(2 ** 4);
    expect(
      jobComplexity({
        basis: 'toString',
        ansatz: 'hardware_efficient',
        ansatz_entanglement: 'none',
        active_orbitals: [0],
        frozen_orbitals: [],
      }),
    ).toBe(1);
  });

  it('counts at least one orbital when frozen outnumber active', () => {
    const base = { basis: 'sto3g', ansatz: 'uccsd', ansatz_entanglement: 'linear' };
    expect(jobComplexity({ ...base, active_orbitals: [5, 6], frozen_orbitals: [0, 1, 2, 3] })).toBe(
      1 * 4 * 2,
    );
    expect(jobComplexity({ ...base, active_orbitals: [], frozen_orbitals: [] })).toBe(8);
  });
});
