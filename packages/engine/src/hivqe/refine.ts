import type { CancelPoint } from '../ci/cancel.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import { diagonalise, stringWeights, type Subspace } from './subspace.ts';

/** How many of the subspace's weakest strings each candidate is tried in place of. */
const SWAP_POSITIONS = 4;
/**
 * Ha. Every swap ends at or above the subspace with the candidate added, so a candidate that lowers the
 * energy by less than this when added is not worth the swaps' diagonalisations; and the refining stage
 * ends once its iterations gain less than this (loop.ts).
 */
export const MIN_GAIN = 1e-6;

/**
 * One step of the refining stage: each candidate in turn (at most `tries` of them) is diagonalised with
 * the subspace and put in place of whichever of the SWAP_POSITIONS strings of least weight in that
 * ground state leaves the lowest energy, if that is below the subspace's; otherwise it is turned away
 * (at once, when adding it alone lowers the energy by less than MIN_GAIN).
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
  const rejected: number[] = [];
  for (const incoming of candidates.filter((x) => start.strings.indexOf(x) < 0).slice(0, tries)) {
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
