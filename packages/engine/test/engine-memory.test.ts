import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
      // Issue 29's first case: a subspace of 10^6 determinants on two threads, sampled from a matrix-product state.
      [
        {
          molecule_geometry: 'N 0 0 0;N 0 0 1.1',
          basis: 'cc-pvdz',
          frozen_orbitals: [0, 1],
          active_orbitals: Array.from({ length: 16 }, (_, i) => i + 2),
          max_states: 1_000_000,
        },
        601,
      ],
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

const estimateOf = (hyperparameters: Record<string, unknown>, simulates = true) =>
  estimateRunMemory(hyperparameters, { simulates }).bytes;
/** N2 in 6-31G on `count` active orbitals above the frozen 1s pair. */
const n2Active = (count: number, changes: Record<string, unknown> = {}) => ({
  molecule_geometry: N2,
  basis: '631g',
  frozen_orbitals: [0, 1],
  active_orbitals: Array.from({ length: count }, (_, i) => i + 2),
  ...changes,
});
const expectNonDecreasing = (figures: number[]) =>
  figures.slice(1).forEach((figure, i) => expect(figure).toBeGreaterThanOrEqual(figures[i]));

describe('estimateRunMemory is monotonic in the size of the problem', () => {
  it('over active orbitals, each ansatz, with and without a simulated state vector', () => {
    for (const ansatz of ['epa', 'uccsd', 'hardware_efficient']) {
      for (const simulates of [true, false]) {
        const sizes = ansatz === 'hardware_efficient' && simulates ? [6, 8, 10, 12] : [6, 8, 10, 12, 14];
        expectNonDecreasing(sizes.map((count) => estimateOf(n2Active(count, { ansatz }), simulates)));
      }
    }
    expect(estimateOf(n2Active(14))).toBeGreaterThanOrEqual(estimateOf(n2Active(12)));
    // Asked for CASCI, whose vectors count up to its limit: 16 orbitals (19 M determinants, above it, CASCI
    // skipped) estimate no lower than 14 (4 M, CASCI run), and CASCI costs more than the loop at 14.
    const asked = [10, 12, 14, 16].map((count) => estimateOf(n2Active(count, { compute_reference: true })));
    expectNonDecreasing(asked);
    expect(asked[2]).toBeGreaterThan(estimateOf(n2Active(14)) + 8 * 19 * 4_008_004);
  });

  it('over active electrons, on one active space (charge +2, 0, -2)', () => {
    // 8, 10 and 12 electrons in 10 orbitals: the third space has fewer determinants than the second.
    expectNonDecreasing([2, 0, -2].map((charge) => estimateOf(n2Active(10, { charge }))));
  });

  it('over basis functions and over max_states', () => {
    expectNonDecreasing(
      ['sto-3g', '631g', '631gd', 'ccpvdz'].map((basis) => estimateOf(n2Active(8, { basis }))),
    );
    expectNonDecreasing(
      [10, 1_000, 20_000, 200_000].map((max) => estimateOf(n2Active(12, { max_states: max }))),
    );
  });
});

const require = createRequire(import.meta.url);
const peakMemory = fileURLToPath(new URL('./support/peak-memory.ts', import.meta.url));

describe('estimateRunMemory against peaks measured on real runs', () => {
  it('lies above the heap and typed arrays a run holds at its peak (what an engine thread is limited by)', async () => {
    const runs = [
      {
        molecule_geometry: 'H 0 0 0;H 0 0 0.74',
        basis: 'sto-3g',
        active_orbitals: [0, 1],
        frozen_orbitals: [],
      },
      n2Active(8),
      n2Active(10),
    ].map((run) => ({ ...run, max_iterations: '2' }));
    // A fresh process, so that nothing of the test runner's own memory is counted.
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      require.resolve('tsx'),
      peakMemory,
      JSON.stringify(runs),
    ]);
    const peaks = JSON.parse(stdout) as number[];
    expect(peaks).toHaveLength(runs.length);
    runs.forEach((run, i) => {
      expect(peaks[i]).toBeGreaterThan(0);
      expect(estimateOf(run)).toBeGreaterThanOrEqual(peaks[i]);
    });
  }, 120_000);
});
