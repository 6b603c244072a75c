import { describe, expect, it } from 'vitest';
import { ConvergenceRule } from '../src/hivqe/convergence.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { Spsa } from '../src/hivqe/spsa.ts';

describe('convergence rule', () => {
  const changes = [1e-5, 1e-5, 1e-2, 1e-5, 1e-5, 1e-5];
  const stopAt = (rule: ConvergenceRule) => changes.findIndex((change) => rule.record(change)) + 1;

  it('with reset, needs convergence_count small changes in a row', () => {
    expect(stopAt(new ConvergenceRule(3, 1e-4, true))).toBe(6);
  });

  it('without reset, counts small changes in total', () => {
    expect(stopAt(new ConvergenceRule(3, 1e-4, false))).toBe(4);
  });

  it('never stops when the count is 0, and abstol sets what counts as small', () => {
    expect(stopAt(new ConvergenceRule(0, 1e-4, true))).toBe(0);
    expect(stopAt(new ConvergenceRule(1, 1e-6, true))).toBe(0);
    expect(stopAt(new ConvergenceRule(1, 1, true))).toBe(1);
  });
});

describe('SPSA', () => {
  it('descends a smooth cost with two evaluations per step', () => {
    const cost = (x: Float64Array) => x.reduce((sum, v, i) => sum + (v - 0.3 * (i + 1)) ** 2, 0);
    const theta = new Float64Array(6).fill(1);
    const spsa = new Spsa(new Xoshiro128(3), theta);
    const start = cost(theta);
    for (let k = 1; k <= 500; k++) {
      const { delta, size } = spsa.perturbation(k);
      const plus = cost(theta.map((t, i) => t + size * delta[i]));
      const minus = cost(theta.map((t, i) => t - size * delta[i]));
      spsa.step(theta, delta, size, plus, minus, k);
    }
    expect(cost(theta)).toBeLessThan(0.1 * start);
  });

  it('leaves the parameters alone when both probes cost the same', () => {
    const theta = Float64Array.from([0.1, -0.2]);
    const spsa = new Spsa(new Xoshiro128(1), theta);
    const { delta, size } = spsa.perturbation(1);
    spsa.step(theta, delta, size, -1, -1, 1);
    expect(Array.from(theta)).toEqual([0.1, -0.2]);
  });

  it('scales its probes and first step to the size of the starting parameters', () => {
    const probe = (start: number[]) => {
      const theta = Float64Array.from(start);
      const spsa = new Spsa(new Xoshiro128(2), theta);
      const { delta, size } = spsa.perturbation(1);
      const before = Float64Array.from(theta);
      spsa.step(theta, delta, size, 1, 0, 1);
      return { size, moved: Math.max(...theta.map((t, i) => Math.abs(t - before[i]))) };
    };
    const wide = probe([1, -1, 1, -1]);
    const narrow = probe([0.02, -0.02, 0.02, -0.02]);
    expect(wide.size / narrow.size).toBeCloseTo(50, 6);
    expect(wide.moved / narrow.moved).toBeCloseTo(50, 6);
    // A start at zero is still probed.
    expect(probe([0, 0, 0, 0]).size).toBeGreaterThan(0);
  });
});
