import { beforeAll, describe, expect, it } from 'vitest';
import { buildHamiltonian } from '../src/chem/index.ts';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci, fullSpaceSize } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';

/** LiH 6-31G at 1.6 Å, all 11 orbitals active: (11o, 4e), 55 strings per spin, 3,025 determinants. */
let ham: ActiveSpaceHamiltonian;
let exact: number;

beforeAll(async () => {
  ham = buildHamiltonian({
    geometry: 'Li 0 0 0;H 0 0 1.6',
    basis: '6-31g',
    frozenOrbitals: [],
    activeOrbitals: Array.from({ length: 11 }, (_, i) => i),
  }).hamiltonian!;
  exact = (await casci(ham, new CancelPoint())).energy;
});

const run = (hyperparameters: Record<string, unknown>) =>
  runHiVqeLoop(ham, parseHiVqeParams(hyperparameters), exact, {}, new CancelPoint());
const strings = (numStates: number) => Math.round(Math.sqrt(numStates));

describe('the growth of the subspace', () => {
  it('at most doubles the strings per iteration', async () => {
    const result = await run({ max_iter: 5, convergence_count: 0 });
    const sizes = [1, ...result.history.map((point) => strings(point.numStates))];
    sizes.slice(1).forEach((size, i) => expect(size).toBeLessThanOrEqual(2 * sizes[i]));
    expect(sizes.at(-1)).toBeGreaterThan(8);
  });

  it('stops once the energy has converged, well short of max_states and the full space', async () => {
    const full = fullSpaceSize(ham);
    const converging = await run({});
    expect(converging.converged).toBe(true);
    expect(converging.numStates).toBeLessThanOrEqual(full / 2);
    expect(converging.energy - exact).toBeLessThan(1e-4);
    // The last iterations, below convergence_abstol, did not grow the subspace.
    const last = converging.history.slice(-3).map((point) => point.numStates);
    expect(new Set(last).size).toBe(1);

    // Without the rule the same run grows to the whole space.
    const unstopped = await run({ max_iter: converging.iterations + 4, convergence_count: 0 });
    expect(unstopped.numStates).toBe(full);
  });
});
