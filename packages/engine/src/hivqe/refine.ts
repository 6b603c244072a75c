import type { CancelPoint } from '../ci/cancel.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import { MIN_GAIN } from './convergence.ts';
import { scoreStrings } from './perturbative.ts';
import { diagonalise, stringWeights, type Subspace } from './subspace.ts';

/** How many of the subspace's weakest strings each candidate is tried in place of. */
const SWAP_POSITIONS = 4;

/**
 * One step of the refining stage: of the first `tries` candidates, those whose determinants with the
 * subspace's strings would lower the energy by at least MIN_GAIN to second order (`scoreStrings`, one
 * product for all) are, each in turn, diagonalised with the subspace and put in place of whichever of the
 * SWAP_POSITIONS strings of least weight in that ground state leaves the lowest energy, if that is below
 * the subspace's; every other candidate is turned away (at once, when adding it alone lowers the energy by
 * less than MIN_GAIN). The estimate spares a diagonalisation of the whole subspace per hopeless candidate,
 * which at 10^7 determinants is a minute each.
 * One string at a time, because adding several and keeping the strings of largest weight turned away
 * strings that lower the energy in another's place (docs/engine.md, Ablations).
 * Returns the subspace and every candidate tried and not kept.
 */
export async function refine(
  ham: ActiveSpaceHamiltonian,
  start: Subspace,
  candidates: readonly number[],
  tries: number,
  cancel: CancelPoint,
): Promise<{ subspace: Subspace; rejected: number[] }> {
  let current = start;
  const offered = candidates.filter((x) => start.strings.indexOf(x) < 0).slice(0, tries);
  const estimates = offered.length === 0 ? [] : await scoreStrings(ham, start, offered, cancel);
  // Each new string brings its determinants with the subspace's strings and their mirrors: twice the energy.
  const hopeful = new Set(estimates.filter(({ energy }) => -2 * energy >= MIN_GAIN).map(({ x }) => x));
  const rejected = offered.filter((x) => !hopeful.has(x));
  for (const incoming of offered.filter((x) => hopeful.has(x))) {
    const working = await diagonalise(ham, [...current.strings.strings, incoming], current, cancel);
    let best = current;
    // Every swap ends at or above `working`: one that could gain less than MIN_GAIN is not tried.
    const positions = current.energy - working.energy < MIN_GAIN ? [] : weakest(working, incoming);
    for (const outgoing of positions) {
      const strings = Array.from(working.strings.strings).filter((x) => x !== outgoing);
      const trial = await diagonalise(ham, strings, working, cancel);
      if (trial.energy < best.energy) best = trial;
    }
    if (best === current) rejected.push(incoming);
    current = best;
  }
  return { subspace: current, rejected };
}

/** The SWAP_POSITIONS strings of least weight in `working`, `incoming` aside. */
function weakest(working: Subspace, incoming: number): number[] {
  const weights = stringWeights(working);
  return Array.from(working.strings.strings, (x, i) => ({ x, weight: weights[i] }))
    .filter(({ x }) => x !== incoming)
    .sort((a, b) => a.weight - b.weight || a.x - b.x)
    .slice(0, SWAP_POSITIONS)
    .map(({ x }) => x);
}
