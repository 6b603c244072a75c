import { describe, expect, it } from 'vitest';
import { runHiVqe, type EngineResult } from '../src/index.ts';

/**
 * The acceptance case: N2 6-31G at 1.0 Å, frozen 0,1, active 2..11 (20 qubits), defaults. The full
 * space (63,504) is above the default max_states, so the CASCI reference is asked for.
 */
const N2_631G = {
  reference: 'always',
  molecule_geometry: 'N 0 0 0;N 0 0 1.0',
  basis: '6-31g',
  frozen_orbitals: [0, 1],
  active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};
const CHEMICAL_ACCURACY = 1.6e-3;

const withoutTimestamps = (result: EngineResult) => ({
  ...result,
  seconds: 0,
  referenceSeconds: 0,
  history: result.history.map(({ timestamp: _t, ...point }) => point),
});

describe('HI-VQE on N2 6-31G with default parameters', () => {
  it('reaches chemical accuracy with fewer than 20,000 determinants, reproducibly', async () => {
    const first = await runHiVqe({ ...N2_631G, seed: 0 });
    expect(first.eCasci).not.toBeNull();
    expect(first.eCasci ?? 0).toBeCloseTo(-108.916693526, 6);
    expect(Math.abs(first.energy - (first.eCasci ?? 0))).toBeLessThan(CHEMICAL_ACCURACY);
    expect(first.numStates).toBeLessThan(20_000);
    expect(first.numStates).toBeLessThan(63_504 / 3);
    expect(first.iterations).toBeGreaterThan(0);
    expect(first.history.at(-1)?.error).toBeCloseTo(first.energy - (first.eCasci ?? 0), 12);

    const again = await runHiVqe({ ...N2_631G, seed: 0 });
    expect(withoutTimestamps(again)).toEqual(withoutTimestamps(first));

    const otherSeed = await runHiVqe({ ...N2_631G, seed: 12345 });
    expect(Math.abs(otherSeed.energy - (otherSeed.eCasci ?? 0))).toBeLessThan(CHEMICAL_ACCURACY);
    expect(otherSeed.numStates).toBeLessThan(20_000);
  });
});
