import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { popcount } from '../src/ci/strings.ts';
import { BlockLayout, StringTable } from '../src/hivqe/layout.ts';
import { recoverConfigurations, type Occupations } from '../src/hivqe/recovery.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { sampleState, type Sample } from '../src/hivqe/sampling.ts';
import { StateVector } from '../src/hivqe/statevector.ts';

describe('seeded generator', () => {
  it('repeats for a seed, differs between seeds, and is uniform in [0, 1)', () => {
    const draw = (seed: number) => {
      const rng = new Xoshiro128(seed);
      return Array.from({ length: 20000 }, () => rng.next());
    };
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    const values = draw(7);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
  });
});

describe('sampling the state vector', () => {
  /** Three basis states with probabilities 0.5, 0.3 and 0.2. */
  function threeStateVector(): StateVector {
    const layout = new BlockLayout(new StringTable(3), [
      [1, 1],
      [2, 0],
    ]);
    const state = new StateVector(layout);
    state.re[layout.position(0b001, 0b001)] = Math.sqrt(0.5);
    state.im[layout.position(0b010, 0b100)] = Math.sqrt(0.3);
    state.re[layout.position(0b011, 0)] = -Math.sqrt(0.2);
    return state;
  }

  it('draws each basis state with frequency |amplitude|², reproducibly for a seed', async () => {
    const shots = 20000;
    const samples = await sampleState(threeStateVector(), shots, new Xoshiro128(1), new CancelPoint());
    const frequency = (alpha: number, beta: number) =>
      (samples.find((s) => s.alpha === alpha && s.beta === beta)?.count ?? 0) / shots;
    expect(samples.reduce((sum, s) => sum + s.count, 0)).toBe(shots);
    expect(frequency(0b001, 0b001)).toBeCloseTo(0.5, 1);
    expect(frequency(0b010, 0b100)).toBeCloseTo(0.3, 1);
    expect(frequency(0b011, 0)).toBeCloseTo(0.2, 1);
    const again = await sampleState(threeStateVector(), shots, new Xoshiro128(1), new CancelPoint());
    expect(again).toEqual(samples);
  });
});

describe('configurations from samples', () => {
  const target = { norb: 4, nalpha: 2, nbeta: 2 };
  const occupations: Occupations = {
    alpha: Float64Array.from([0.99, 0.95, 0.05, 0.01]),
    beta: Float64Array.from([0.99, 0.95, 0.05, 0.01]),
  };
  const samples: Sample[] = [
    { alpha: 0b0011, beta: 0b0011, count: 7 },
    { alpha: 0b0111, beta: 0b0001, count: 5 },
    { alpha: 0b1000, beta: 0b1111, count: 3 },
  ];

  const recover = (on: boolean) =>
    recoverConfigurations(samples, target, occupations, on, new Xoshiro128(1), new CancelPoint());

  it('drops shots with wrong electron counts when recovery is off', async () => {
    const { configurations, tally } = await recover(false);
    expect(configurations).toEqual([{ alpha: 0b0011, beta: 0b0011, count: 7 }]);
    expect(tally).toEqual({ kept: 7, repaired: 0, dropped: 8 });
  });

  it('repairs them with occupation-weighted flips when recovery is on', async () => {
    const { configurations, tally } = await recover(true);
    expect(tally).toEqual({ kept: 7, repaired: 8, dropped: 0 });
    expect(configurations.reduce((sum, c) => sum + c.count, 0)).toBe(15);
    for (const c of configurations) {
      expect(popcount(c.alpha)).toBe(2);
      expect(popcount(c.beta)).toBe(2);
    }
    // With orbitals 0 and 1 almost always occupied, repairs mostly land on the reference occupation.
    const reference = configurations.find((c) => c.alpha === 0b0011 && c.beta === 0b0011);
    expect(reference?.count ?? 0).toBeGreaterThan(9);
  });
});
