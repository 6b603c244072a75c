import { eriAt, sameSpinDoubleElement, singleExcitationElement } from '../ci/slater-condon.ts';
import { doubleMoves, occupiedOrbitals, singleMoves } from '../ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { Subspace } from './subspace.ts';

/** How many of the largest determinants are tried as the source before giving up on a handover. */
const SOURCE_CANDIDATES = 64;

export interface Handover {
  /** The determinant expanded, as (alpha string, beta string). */
  source: [number, number];
  /** New determinants added, best-coupled first. */
  determinants: number;
  /** Strings they bring into the subspace, in order of first appearance. */
  strings: number[];
}

/**
 * The classical half of the handover: from the largest-amplitude determinant that still has single or
 * double excitations outside the subspace, take up to `maxExpansion` of those excitations, largest
 * |⟨φ|H|Φ⟩| first. Strings in `tried` (offered before and not kept) count as inside, so that once a
 * determinant's excitations have all been tried the next determinant is expanded. Returns null when
 * none of the largest determinants has anything left to add.
 */
export function handover(
  ham: ActiveSpaceHamiltonian,
  subspace: Subspace,
  maxExpansion: number,
  tried: ReadonlySet<number> = new Set(),
): Handover | null {
  const inside = (x: number) => tried.has(x) || subspace.strings.indexOf(x) >= 0;
  for (const [alpha, beta] of largestDeterminants(subspace, SOURCE_CANDIDATES)) {
    const excitations = outsideExcitations(ham, inside, alpha, beta);
    if (excitations.length === 0) continue;
    excitations.sort((x, y) => y.coupling - x.coupling);
    const chosen = excitations.slice(0, maxExpansion);
    const strings = new Set<number>();
    for (const { alpha: a, beta: b } of chosen) {
      if (!inside(a)) strings.add(a);
      if (!inside(b)) strings.add(b);
    }
    return { source: [alpha, beta], determinants: chosen.length, strings: [...strings] };
  }
  return null;
}

/** The `count` determinants of largest |c|, largest first; one of each mirror pair (α ↔ β) suffices. */
function largestDeterminants(subspace: Subspace, count: number): Array<[number, number]> {
  const n = subspace.strings.size;
  const top: Array<{ i: number; j: number; size: number }> = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const size = Math.abs(subspace.vector[i * n + j]);
      if (top.length === count && size <= top[count - 1].size) continue;
      let at = top.findIndex((entry) => entry.size < size);
      if (at < 0) at = top.length;
      top.splice(at, 0, { i, j, size });
      if (top.length > count) top.pop();
    }
  }
  return top.map(({ i, j }) => [subspace.strings.strings[i], subspace.strings.strings[j]]);
}

interface Excitation {
  alpha: number;
  beta: number;
  coupling: number;
}

/** Singles and doubles of (alpha, beta) with a string not `inside`, with |⟨φ|H|Φ⟩|. */
function outsideExcitations(
  ham: ActiveSpaceHamiltonian,
  inside: (x: number) => boolean,
  alpha: number,
  beta: number,
): Excitation[] {
  const norb = ham.norb;
  const occA = occupiedOrbitals(alpha, norb);
  const occB = occupiedOrbitals(beta, norb);
  const singlesA = singleMoves(alpha, norb);
  const singlesB = singleMoves(beta, norb);
  const out: Excitation[] = [];
  const consider = (a: number, b: number, coupling: number) => {
    if (!(inside(a) && inside(b))) out.push({ alpha: a, beta: b, coupling: Math.abs(coupling) });
  };
  for (const { to, i, a } of singlesA) consider(to, beta, singleExcitationElement(ham, occA, occB, i, a));
  for (const { to, i, a } of singlesB) consider(alpha, to, singleExcitationElement(ham, occB, occA, i, a));
  for (const { to, i, j, a, b } of doubleMoves(alpha, norb))
    consider(to, beta, sameSpinDoubleElement(ham, i, j, a, b));
  for (const { to, i, j, a, b } of doubleMoves(beta, norb))
    consider(alpha, to, sameSpinDoubleElement(ham, i, j, a, b));
  for (const sa of singlesA) {
    for (const sb of singlesB) consider(sa.to, sb.to, eriAt(ham, sa.a, sa.i, sb.a, sb.i));
  }
  return out;
}
