import type { CancelPoint } from '../ci/cancel.ts';
import { lowestState } from '../ci/lowest-state.ts';
import { orbitalIrreps } from '../ci/orbital-irreps.ts';
import { StringSet } from '../ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { Occupations } from './recovery.ts';

/**
 * A HI-VQE subspace and its ground state. Closed shell: one string set serves both spins, so the
 * determinants are strings × strings and the coefficient matrix is symmetric (a singlet-like state).
 */
export interface Subspace {
  strings: StringSet;
  /** Ground-state coefficients, [alpha position][beta position]. */
  vector: Float64Array;
  /** Total energy (ecore included). */
  energy: number;
}

export function determinantCount(subspace: Subspace): number {
  return subspace.strings.size ** 2;
}

/**
 * Lowest eigenpair of H over strings × strings, started from the previous ground state where it overlaps.
 * Where the orbitals have symmetry (orbital-irreps.ts), Davidson runs over the determinants of one irrep:
 * that of the previous state (of its largest coefficient), or without one, of the lowest diagonal element
 * (the Hartree–Fock determinant); the vector returned is zero outside them.
 */
export async function diagonalise(
  ham: ActiveSpaceHamiltonian,
  strings: ArrayLike<number>,
  previous: Subspace | null,
  cancel: CancelPoint,
): Promise<Subspace> {
  const irreps = orbitalIrreps(ham);
  const set = new StringSet(strings, irreps);
  const guess = previous === null ? undefined : placedOn(previous, set);
  const target = guess === undefined ? null : largestCoefficientIrrep(guess, set);
  const state = await lowestState(ham, set, set, {
    guess,
    targetIrrep: target,
    energyTolerance: 1e-9,
    residualTolerance: 1e-5,
    maxIterations: 300,
    cancel,
  });
  return { strings: set, vector: state.vector(), energy: state.energy + ham.ecore };
}

/** The irrep of a subspace's state (orbital-irreps.ts), or null where its orbitals have none. */
export function stateIrrep(subspace: Subspace): number | null {
  return largestCoefficientIrrep(subspace.vector, subspace.strings);
}

/** The irrep of the determinant with the largest |coefficient| (null: no irreps, or only zeros). */
function largestCoefficientIrrep(vector: Float64Array, set: StringSet): number | null {
  let largest = 0;
  for (let k = 1; k < vector.length; k++) if (Math.abs(vector[k]) > Math.abs(vector[largest])) largest = k;
  const n = set.size;
  const [alpha, beta] = [set.irrepOf(Math.floor(largest / n)), set.irrepOf(largest % n)];
  return vector[largest] === 0 || alpha === null || beta === null ? null : alpha ^ beta;
}

/**
 * The previous coefficients placed on another string set (zero where a determinant is new); on a set of the
 * same strings in another order, the same state reordered.
 */
export function placedOn(previous: Subspace, strings: StringSet): Float64Array {
  const n = strings.size;
  const old = previous.strings;
  const map = Array.from(strings.strings, (x) => old.indexOf(x));
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    if (map[i] < 0) continue;
    for (let j = 0; j < n; j++) if (map[j] >= 0) v[i * n + j] = previous.vector[map[i] * old.size + map[j]];
  }
  return v;
}

/** Weight of each string in the ground state: Σ_j c[i, j]² (the probability its spin is found in it). */
export function stringWeights(subspace: Subspace): Float64Array {
  const n = subspace.strings.size;
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) weights[i] += subspace.vector[i * n + j] ** 2;
  return weights;
}

/** Largest |c| among the determinants that contain each string. */
export function stringPeaks(subspace: Subspace): Float64Array {
  const n = subspace.strings.size;
  const peaks = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) peaks[i] = Math.max(peaks[i], Math.abs(subspace.vector[i * n + j]));
  return peaks;
}

/** Occupation of each orbital in the ground state (the same for both spins, the state being symmetric). */
export function orbitalOccupations(subspace: Subspace, norb: number): Occupations {
  const weights = stringWeights(subspace);
  const occupation = new Float64Array(norb);
  subspace.strings.strings.forEach((x, i) => {
    for (let p = 0; p < norb; p++) if ((x >>> p) & 1) occupation[p] += weights[i];
  });
  return { alpha: occupation, beta: occupation };
}

/** Strings ordered by descending score, ties by ascending value, so every run ranks the same way. */
export function rankByScore(scores: ReadonlyMap<number, number>): number[] {
  return [...scores].sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a - b).map(([x]) => x);
}

/**
 * Adds candidate strings, given as one list per source in order of priority (each list in its own order
 * of preference). When everything fits under the cap it is one diagonalisation. Otherwise the sources
 * take turns filling the room the working size leaves (so memory is bounded as with one source), the
 * subspace is diagonalised with them, and the strings of largest weight in that ground state are kept;
 * a swap that raises the energy is undone. Keeping by weight is a heuristic, so the first source's candidates are also tried on their
 * own and the lower energy wins: the other sources only change the subspace where they lower its
 * energy. Returns the subspace and the candidates that were tried and not kept.
 */
export async function grow(
  ham: ActiveSpaceHamiltonian,
  current: Subspace,
  sources: ReadonlyArray<readonly number[]>,
  capStrings: number,
  workStrings: number,
  cancel: CancelPoint,
): Promise<{ subspace: Subspace; rejected: number[] }> {
  const candidates = [...new Set(sources.flat())];
  if (candidates.length === 0) return { subspace: current, rejected: [] };
  const existing = current.strings.strings;
  if (existing.length + candidates.length <= capStrings) {
    return { subspace: await diagonalise(ham, [...existing, ...candidates], current, cancel), rejected: [] };
  }
  const room = Math.max(workStrings - existing.length, 0);
  const tried = roundRobin(sources, room);
  let best = await swapIn(ham, current, tried, capStrings, cancel);
  const primary = sources.find((list) => list.length > 0) ?? [];
  if (primary.length < candidates.length) {
    const alone = await swapIn(ham, current, primary.slice(0, room), capStrings, cancel);
    if (alone.energy < best.energy) best = alone;
  }
  const kept = new Set(best.strings.strings);
  return { subspace: best, rejected: tried.filter((x) => !kept.has(x)) };
}

/** list₀[0], list₁[0], list₀[1], … without repeats, at most `room` strings. */
function roundRobin(lists: ReadonlyArray<readonly number[]>, room: number): number[] {
  const out = new Set<number>();
  const longest = Math.max(...lists.map((list) => list.length));
  for (let i = 0; i < longest && out.size < room; i++) {
    for (const list of lists) if (i < list.length && out.size < room) out.add(list[i]);
  }
  return [...out];
}

/**
 * Diagonalises the subspace with the tried strings and keeps the `capStrings` of largest weight; returns
 * the current subspace unchanged when that would not lower the energy.
 */
async function swapIn(
  ham: ActiveSpaceHamiltonian,
  current: Subspace,
  tried: readonly number[],
  capStrings: number,
  cancel: CancelPoint,
): Promise<Subspace> {
  const existing = current.strings.strings;
  const working = await diagonalise(ham, [...existing, ...tried], current, cancel);
  const weights = stringWeights(working);
  const ranked = rankByScore(new Map(Array.from(working.strings.strings, (x, i) => [x, weights[i]])));
  const kept = new Set(ranked.slice(0, capStrings));
  if (kept.size === existing.length && existing.every((x) => kept.has(x))) return current;
  const swapped = await diagonalise(ham, [...kept], working, cancel);
  return swapped.energy < current.energy ? swapped : current;
}

/** Drops the strings all of whose determinants have |c| below the tolerance (the largest one always stays). */
export async function screen(
  ham: ActiveSpaceHamiltonian,
  current: Subspace,
  tolerance: number,
  cancel: CancelPoint,
): Promise<Subspace> {
  const peaks = stringPeaks(current);
  const strongest = peaks.reduce((best, peak, i) => (peak > peaks[best] ? i : best), 0);
  const kept = Array.from(current.strings.strings).filter((_, i) => peaks[i] >= tolerance || i === strongest);
  if (kept.length === current.strings.size) return current;
  return diagonalise(ham, kept, current, cancel);
}
