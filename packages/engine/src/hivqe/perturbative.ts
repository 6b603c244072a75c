import type { CancelPoint } from '../ci/cancel.ts';
import { ProductSpaceHamiltonian } from '../ci/product-space.ts';
import { doubleMoves, singleMoves, StringSet } from '../ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import { MIN_GAIN } from './convergence.ts';
import { grow, stateIrrep, type Subspace } from './subspace.ts';

/**
 * Candidates scored by one product, as a multiple of the subspace's strings: the product runs over
 * (subspace + candidates) × subspace determinants, so 1 keeps its vectors (and the shared pair of several
 * threads, sigma-team.ts) within twice the subspace's size, what the loop's diagonalisations while growing
 * already hold and the memory estimate counts. More candidates are scored in several products.
 */
const CANDIDATES_PER_PRODUCT = 1;
/** Rounds at most: each is one scoring product and one or two diagonalisations. */
const MAX_ROUNDS = 8;
/** Smallest E₀ − H_KJ,KJ divided by: a determinant that close to the energy is a candidate of the first rank anyway. */
const MIN_DENOMINATOR = 1e-6;

export interface PerturbativeResult {
  subspace: Subspace;
  /** Strings the selection brought in and kept. */
  added: number[];
  rounds: number;
}

/** A candidate string and what its determinants with the subspace's strings would bring, to first order. */
export interface ScoredString {
  x: number;
  /** Σ_J c_KJ², the weight of (K, J) in the first-order wavefunction (one spin's side of the mirror). */
  weight: number;
  /** Σ_J ⟨KJ|H|Ψ⟩² / (E₀ − ⟨KJ|H|KJ⟩), the second-order energy of those determinants (negative). */
  energy: number;
}

/**
 * Perturbative string selection, the classical end of the handover's stage: every string one or two
 * electrons away from the subspace's strings is a candidate, scored by the weight its determinants would
 * take in the first-order wavefunction (Epstein–Nesbet, string by string, `scoreCandidates`). The
 * candidates of largest weight then enter as in `grow` (diagonalised with the subspace, the strings of
 * largest weight kept), round after round until one gains less than MIN_GAIN. A round grows the subspace
 * (up to twice its strings and `capStrings`) only while the second-order energy of the strings that growth
 * would add is at least `growthGain`, the convergence rule's tolerance; otherwise it exchanges strings at
 * the size reached. The handover proposes the excitations of one determinant at a time; this looks at
 * what the whole ground state couples to: on N2 cc-pVDZ (16o,10e) with 10^6 determinants it took the
 * error from 1.997 to 0.259 mHa, what the 1,000 strings of largest exact weight give (docs/engine.md,
 * "Beyond exact").
 */
export async function selectPerturbatively(
  ham: ActiveSpaceHamiltonian,
  start: Subspace,
  capStrings: number,
  growthGain: number,
  workFactor: number,
  cancel: CancelPoint,
): Promise<PerturbativeResult> {
  let current = start;
  let rounds = 0;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    const size = current.strings.size;
    const scored = await scoreCandidates(ham, current, cancel);
    if (scored.length === 0) break;
    const larger = Math.min(capStrings, 2 * size);
    const growthEnergy = scored.slice(0, larger - size).reduce((sum, { energy }) => sum + energy, 0);
    // Each new string K brings the determinants (K, J) and their mirrors (J, K).
    const step = -2 * growthEnergy >= growthGain ? larger : size;
    const work = Math.max(step, Math.floor(workFactor * step));
    const ranked = scored.map(({ x }) => x);
    const { subspace } = await grow(ham, current, [ranked], step, work, cancel);
    const gain = current.energy - subspace.energy;
    current = subspace;
    if (gain < MIN_GAIN) break;
  }
  const before = new Set(start.strings.strings);
  const added = Array.from(current.strings.strings).filter((x) => !before.has(x));
  return { subspace: current, added, rounds };
}

/**
 * Every string outside the subspace one or two electrons away from one of its strings, with the weight and
 * second-order energy of its determinants with the subspace's strings, from the block of H that couples the
 * subspace to the candidates × subspace determinants (a few candidates per product, see
 * CANDIDATES_PER_PRODUCT); largest weight first, ties by value.
 */
export async function scoreCandidates(
  ham: ActiveSpaceHamiltonian,
  subspace: Subspace,
  cancel: CancelPoint,
): Promise<ScoredString[]> {
  const candidates = neighbours(subspace, ham.norb);
  const chunk = CANDIDATES_PER_PRODUCT * subspace.strings.size;
  const scored: ScoredString[] = [];
  for (let from = 0; from < candidates.length; from += chunk) {
    scored.push(...(await scoreStrings(ham, subspace, candidates.slice(from, from + chunk), cancel)));
  }
  return scored.sort((a, b) => b.weight - a.weight || a.x - b.x);
}

/**
 * The second-order (Epstein–Nesbet) energy of the determinants with one string outside the subspace, both
 * spins (Ha, ≤ 0): what `scoreCandidates` sums, twice (each string's determinants and their α ↔ β mirrors);
 * null when no string is outside (the subspace is the whole space, its energy exact).
 * Determinants with both strings outside are left out, so it falls short of the full correction: on four
 * cases with exact references, the energy plus it lay 0.009-1.5 mHa above the exact energy, 11-27% of
 * the variational error (docs/engine.md, "The perturbative estimate").
 */
export async function secondOrderCorrection(
  ham: ActiveSpaceHamiltonian,
  subspace: Subspace,
  cancel: CancelPoint,
): Promise<number | null> {
  const scored = await scoreCandidates(ham, subspace, cancel);
  return scored.length === 0 ? null : 2 * scored.reduce((sum, { energy }) => sum + energy, 0);
}

/** The first-order weight and second-order energy of each of these strings (none in the subspace), in their order. */
export async function scoreStrings(
  ham: ActiveSpaceHamiltonian,
  subspace: Subspace,
  candidates: readonly number[],
  cancel: CancelPoint,
): Promise<ScoredString[]> {
  const inside = subspace.strings;
  // Sorted by irrep as the subspace's strings are, so that H·C runs over the state's irrep only.
  const rows = new StringSet([...inside.strings, ...candidates], inside.orbitalIrreps);
  const op = new ProductSpaceHamiltonian(
    ham,
    rows,
    inside,
    Uint8Array.from(rows.strings, (x) => (inside.indexOf(x) < 0 ? 0 : 1)),
    stateIrrep(subspace),
  );
  const nb = inside.size;
  const c = new Float64Array(op.size);
  inside.strings.forEach((x, i) =>
    c.set(subspace.vector.subarray(i * nb, (i + 1) * nb), rows.indexOf(x) * nb),
  );
  const hc = new Float64Array(op.size);
  await op.apply(c, hc, cancel);
  const e0 = subspace.energy - ham.ecore;
  return candidates.map((x) => {
    const row = rows.indexOf(x) * nb;
    let weight = 0;
    let energy = 0;
    for (let j = 0; j < nb; j++) {
      const gap = Math.max(op.diagonal[row + j] - e0, MIN_DENOMINATOR);
      const coupling = hc[row + j];
      weight += (coupling / gap) ** 2;
      energy -= (coupling * coupling) / gap;
    }
    return { x, weight, energy };
  });
}

/** Strings one or two electrons away from the subspace's, not in it, in ascending order. */
function neighbours(subspace: Subspace, norb: number): number[] {
  const found = new Set<number>();
  for (const string of subspace.strings.strings) {
    for (const { to } of [...singleMoves(string, norb), ...doubleMoves(string, norb)]) {
      if (subspace.strings.indexOf(to) < 0) found.add(to);
    }
  }
  return [...found].sort((a, b) => a - b);
}
