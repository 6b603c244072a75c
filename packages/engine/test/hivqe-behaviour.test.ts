import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { ALL_SOURCES } from '../src/hivqe/provenance.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';
import type { ActiveSpaceHamiltonian, IterationPoint } from '../src/types.ts';

/** N2 STO-3G, frozen 0,1, active 2..9: 16 qubits, 3,136 determinants — small enough to run often. */
let ham: ActiveSpaceHamiltonian;
let exact: number;

beforeAll(async () => {
  ham = n2Sto3g();
  exact = (await casci(ham, new CancelPoint())).energy;
});

async function run(hyperparameters: Record<string, unknown>, sources = ALL_SOURCES) {
  const lines: string[] = [];
  const points: IterationPoint[] = [];
  const result = await runHiVqeLoop(
    ham,
    parseHiVqeParams({ basis: 'sto-3g', active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9], ...hyperparameters }),
    exact,
    { onLog: (line) => lines.push(line), onIteration: (point) => points.push(point) },
    new CancelPoint(),
    undefined,
    sources,
  );
  return { ...result, lines, points };
}

describe('the HI-VQE loop', () => {
  it('streams one point, one log line and one metric line per iteration', async () => {
    const result = await run({ max_iter: 4, convergence_count: 0 });
    expect(result.points).toEqual(result.history);
    expect(result.history.map((p) => p.costFunctionCall)).toEqual([2, 4, 6, 8]);
    for (const point of result.history) {
      expect(point.error).toBeCloseTo(point.energy - exact, 12);
      expect(new Date(point.timestamp).toISOString()).toBe(point.timestamp);
    }
    const metrics = result.lines.filter((line) => line.startsWith('Metrics'));
    expect(metrics).toHaveLength(4);
    metrics.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^Metrics - timestamp=\\d+(\\.\\d+)?; energy=-\\d+\\.\\d+; iteration_number=${i + 1};$`),
      ),
    );
    expect(result.lines.filter((line) => line.startsWith('iteration '))).toHaveLength(4);
  });

  it('max_iter bounds the iterations; convergence stops earlier', async () => {
    const bounded = await run({ max_iter: 3, convergence_count: 0 });
    expect(bounded.iterations).toBe(3);
    expect(bounded.converged).toBe(false);
    const converging = await run({ max_iter: 50, convergence_count: 2, convergence_abstol: 1e-4 });
    expect(converging.converged).toBe(true);
    expect(converging.iterations).toBeLessThan(50);
    const lastTwo = converging.history.slice(-3).map((p) => p.energy);
    expect(Math.abs(lastTwo[2] - lastTwo[1])).toBeLessThan(1e-4);
    expect(Math.abs(lastTwo[1] - lastTwo[0])).toBeLessThan(1e-4);
  });

  it('convergence_abstol decides which changes count as converged', async () => {
    // Met at once twice: the handover's stage ends at iteration 1, the samples' stage at iteration 2.
    const loose = await run({ max_iter: 20, convergence_count: 1, convergence_abstol: 10 });
    expect(loose.iterations).toBe(2);
    expect(loose.converged).toBe(true);
    const strict = await run({ max_iter: 6, convergence_count: 1, convergence_abstol: 0 });
    expect(strict.iterations).toBe(6);
  });

  it('max_states bounds the subspace, and a larger one gets closer to CASCI', async () => {
    const small = await run({ max_states: 100, max_iter: 10, convergence_count: 0 });
    expect(Math.max(...small.history.map((p) => p.numStates))).toBeLessThanOrEqual(100);
    const large = await run({ max_states: 3136, max_iter: 10, convergence_count: 0 });
    expect(large.numStates).toBeGreaterThan(100);
    expect(Math.abs(large.energy - exact)).toBeLessThan(Math.abs(small.energy - exact));
    expect(Math.abs(large.energy - exact)).toBeLessThan(1e-6);
  });

  it('max_expansion_states bounds what one handover adds', async () => {
    const options = { max_iter: 4, convergence_count: 0, shots: 1 };
    const one = await run({ ...options, max_expansion_states: 1 });
    const many = await run({ ...options, max_expansion_states: 300 });
    expect(one.numStates).toBeLessThan(many.numStates);
    expect(one.lines.some((line) => line.includes('handover of 1 excitations'))).toBe(true);
  });

  it('amplitude_screening_tolerance drops weakly weighted configurations', async () => {
    const kept = await run({ max_iter: 6, convergence_count: 0 });
    const screened = await run({ max_iter: 6, convergence_count: 0, amplitude_screening_tolerance: 0.02 });
    expect(screened.numStates).toBeLessThan(kept.numStates);
    expect(screened.energy).toBeGreaterThan(kept.energy);
  });

  it('configuration_recovery repairs the shots with wrong electron counts instead of dropping them', async () => {
    const common = {
      ansatz: 'hardware_efficient',
      max_iter: 2,
      convergence_count: 0,
      max_expansion_states: 1,
    };
    const dropping = await run({ ...common, configuration_recovery: false });
    const repairing = await run({ ...common, configuration_recovery: true });
    expect(dropping.tally.dropped).toBeGreaterThan(0);
    expect(dropping.tally.repaired).toBe(0);
    expect(repairing.tally.repaired).toBeGreaterThan(0);
    expect(repairing.tally.dropped).toBe(0);
  });

  it('shots is the number of measurements per circuit evaluation', async () => {
    const result = await run({ shots: 123, max_iter: 2, convergence_count: 0 });
    const { kept, repaired, dropped } = result.tally;
    expect(kept + repaired + dropped).toBe(2 * 2 * 123);
  });

  it.each(['epa', 'hardware_efficient', 'uccsd'])(
    'runs the %s ansatz to near the CASCI energy',
    async (ansatz) => {
      const result = await run({ ansatz, max_iter: 8 });
      expect(Math.abs(result.energy - exact)).toBeLessThan(1.6e-3);
    },
  );

  it('the same seed gives the same run; another seed samples differently', async () => {
    const options = { seed: 1, max_iter: 3, convergence_count: 0, max_states: 400 };
    const a = await run(options);
    const b = await run(options);
    const strip = (history: IterationPoint[]) => history.map(({ timestamp: _t, ...rest }) => rest);
    expect(strip(b.history)).toEqual(strip(a.history));
    expect(b.tally).toEqual(a.tally);
    expect(b.provenance).toEqual(a.provenance);
    // Every epa shot has the right electron counts, so seeds differ in what they sample, not in the
    // tally; with the samples alone deciding the subspace, that shows in the energies.
    const samplesOnly = { sampling: true, handover: false };
    const one = await run(options, samplesOnly);
    const two = await run({ ...options, seed: 2 }, samplesOnly);
    expect(strip(two.history)).not.toEqual(strip(one.history));
  });
});
