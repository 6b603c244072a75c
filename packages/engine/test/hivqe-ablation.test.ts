import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { ALL_SOURCES, type StringSources } from '../src/hivqe/provenance.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';
import type { ActiveSpaceHamiltonian, IterationPoint } from '../src/types.ts';

/** N2 STO-3G, frozen 0,1, active 2..9: 16 qubits, 56 strings per spin, 3,136 determinants. */
let ham: ActiveSpaceHamiltonian;
let exact: number;

beforeAll(async () => {
  ham = n2Sto3g();
  exact = (await casci(ham, new CancelPoint())).energy;
});

async function run(hyperparameters: Record<string, unknown>, sources: StringSources = ALL_SOURCES) {
  const lines: string[] = [];
  const result = await runHiVqeLoop(
    ham,
    parseHiVqeParams({ basis: 'sto-3g', active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9], ...hyperparameters }),
    exact,
    { onLog: (line) => lines.push(line) },
    new CancelPoint(),
    undefined,
    sources,
  );
  return { ...result, lines };
}

const strip = (history: IterationPoint[]) => history.map(({ timestamp: _t, ...rest }) => rest);
const fixed = { max_iter: 4, convergence_count: 0, max_states: 900 };

describe('ablations', () => {
  it('with sampling off no circuit runs and no sampled string enters the subspace', async () => {
    const off = { sampling: false, handover: true };
    const few = await run({ ...fixed, shots: 1, seed: 1 }, off);
    const many = await run({ ...fixed, shots: 5000, seed: 2, configuration_recovery: true }, off);
    expect(few.tally).toEqual({ kept: 0, repaired: 0, dropped: 0 });
    expect(many.tally).toEqual({ kept: 0, repaired: 0, dropped: 0 });
    expect(few.provenance.sampled + few.provenance.recovered).toBe(0);
    expect(few.provenance.handover).toBeGreaterThan(0);
    // Shots, seed and recovery are the circuit's business: without it they change nothing.
    expect(strip(many.history)).toEqual(strip(few.history));
    expect(few.lines[0]).toMatch(/sampling off/);
  });

  it('with handover off only the samples and their recovery bring strings', async () => {
    const off = { sampling: true, handover: false };
    const one = await run({ ...fixed, max_expansion_states: 1, configuration_recovery: true }, off);
    const many = await run({ ...fixed, max_expansion_states: 500, configuration_recovery: true }, off);
    expect(one.provenance.handover).toBe(0);
    expect(one.provenance.sampled).toBeGreaterThan(0);
    expect(
      one.lines.filter((line) => line.startsWith('iteration ') && !line.includes('no handover')),
    ).toEqual([]);
    // max_expansion_states is the handover's business: without it, it changes nothing.
    expect(strip(many.history)).toEqual(strip(one.history));
    expect(many.provenance).toEqual(one.provenance);
  });

  it('the default run differs from both ablations', async () => {
    const both = await run(fixed);
    const handoverOnly = await run(fixed, { sampling: false, handover: true });
    const samplesOnly = await run(fixed, { sampling: true, handover: false });
    expect(strip(both.history)).not.toEqual(strip(handoverOnly.history));
    expect(strip(both.history)).not.toEqual(strip(samplesOnly.history));
  });
});

describe('the quantum part decides something', () => {
  it('at a third of the full space the samples bring strings the handover did not, within chemical accuracy', async () => {
    const third = { max_states: 1045, configuration_recovery: true, seed: 0 };
    const both = await run(third);
    const handoverOnly = await run(third, { sampling: false, handover: true });
    expect(both.provenance.sampled).toBeGreaterThan(0);
    expect(both.numStates).toBeLessThanOrEqual(1045);
    expect(both.energy - exact).toBeLessThan(1.6e-3);
    expect(both.energy).toBeLessThanOrEqual(handoverOnly.energy + 1e-9);
    // Past the first iteration the circuit still proposes strings that are not in the subspace.
    const later = both.lines.filter((line) => /^iteration [2-9]/.test(line));
    expect(later.some((line) => !/new strings 0 sampled/.test(line))).toBe(true);
  });
});

describe('provenance', () => {
  it('the new strings of each iteration, by source, add up to the growth of the subspace', async () => {
    // Full-space cap and no screening: strings are only ever added, so the counts must match exactly.
    const result = await run({
      max_iter: 5,
      convergence_count: 0,
      max_states: 3136,
      configuration_recovery: true,
    });
    const strings = [1, ...result.history.map((point) => Math.sqrt(point.numStates))];
    const perIteration = result.lines
      .map((line) => /new strings (\d+) sampled, (\d+) recovered, (\d+) handover$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => Number(match[1]) + Number(match[2]) + Number(match[3]));
    expect(perIteration).toEqual(strings.slice(1).map((n, i) => n - strings[i]));
    const { sampled, recovered, handover } = result.provenance;
    expect(sampled + recovered + handover).toBe(strings.at(-1)! - 1);
  });
});
