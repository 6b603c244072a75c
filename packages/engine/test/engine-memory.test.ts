import { describe, expect, it } from 'vitest';
import { EngineInputError, estimateRunMemory } from '../src/index.ts';

const N2 = 'N 0 0 0;N 0 0 1.0';
const MiB = 2 ** 20;
const BENZENE =
  'C 0 1.396 0;C 1.209 0.698 0;C 1.209 -0.698 0;C 0 -1.396 0;C -1.209 -0.698 0;C -1.209 0.698 0;' +
  'H 0 2.479 0;H 2.147 1.24 0;H 2.147 -1.24 0;H 0 -2.479 0;H -2.147 -1.24 0;H -2.147 1.24 0';
const benzene = (basis: string) => ({
  molecule_geometry: BENZENE,
  basis,
  active_orbitals: [19, 20, 21, 22],
  frozen_orbitals: Array.from({ length: 19 }, (_, i) => i),
});

describe('estimateRunMemory: a run’s peak memory from its hyperparameters', () => {
  it('lies above the peaks measured with the CLI (GNU time, resident set)', () => {
    const measuredMiB: [Record<string, unknown>, number][] = [
      [
        {
          molecule_geometry: 'H 0 0 0;H 0 0 0.74',
          basis: 'sto-3g',
          active_orbitals: [0, 1],
          frozen_orbitals: [],
        },
        98,
      ],
      [{ molecule_geometry: N2, basis: '631g' }, 134],
      [benzene('631gd'), 207],
      [benzene('augccpvdz'), 1469],
    ];
    for (const [hyperparameters, peak] of measuredMiB) {
      const estimate = estimateRunMemory(hyperparameters, { simulates: true }).bytes / MiB;
      expect(estimate).toBeGreaterThan(peak);
      expect(estimate).toBeLessThan(1.5 * peak);
    }
  });

  it('names the sizes it was estimated from', () => {
    expect(estimateRunMemory(benzene('augccpvdz'), { simulates: true })).toMatchObject({
      basisFunctions: 192,
      activeOrbitals: 4,
    });
  });

  it('counts the state vector only when the engine simulates the circuit', () => {
    const run = {
      molecule_geometry: N2,
      basis: '631g',
      active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
      ansatz: 'hardware_efficient',
    };
    const simulated = estimateRunMemory(run, { simulates: true }).bytes;
    const onHardware = estimateRunMemory(run, { simulates: false }).bytes;
    expect(simulated - onHardware).toBeGreaterThanOrEqual(16 * 2 ** 24);
  });

  it('refuses input the engine would refuse', () => {
    expect(() =>
      estimateRunMemory(
        { molecule_geometry: N2, basis: 'sto-3g', active_orbitals: [2, 99] },
        { simulates: true },
      ),
    ).toThrow(EngineInputError);
  });
});
