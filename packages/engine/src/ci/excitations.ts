import type { ActiveSpaceHamiltonian } from '../types.ts';
import { sameSpinDiagonal, sameSpinDoubleElement, singleExcitationElement } from './slater-condon.ts';
import { excitationSign, occupiedOrbitals, type StringSet } from './strings.ts';

/**
 * Every non-zero <J|a†_p a_q|I> with p ≠ q and I, J in one string set: link k takes string src[k] to
 * dst[k] through orbital pair pq[k] = p·norb + q with sign[k]. With `diagonal`, also every p = q link
 * (I = J, p occupied, sign +1). Given `from` (one flag per string), only the links from a marked string to
 * an unmarked one: one spin's part of a coupling block, found from the marked strings alone.
 */
export interface SingleLinks {
  count: number;
  src: Int32Array;
  dst: Int32Array;
  pq: Int32Array;
  sign: Float64Array;
}

export function singleExcitationLinks(
  set: StringSet,
  norb: number,
  diagonal = false,
  from: Uint8Array | null = null,
): SingleLinks {
  const src: number[] = [];
  const dst: number[] = [];
  const pq: number[] = [];
  const sign: number[] = [];
  set.strings.forEach((x, index) => {
    if (from !== null && !from[index]) return;
    for (let q = 0; q < norb; q++) {
      if (!((x >>> q) & 1)) continue;
      for (let p = 0; p < norb; p++) {
        if ((x >>> p) & 1 && !(diagonal && p === q)) continue;
        const target = set.indexOf((x & ~(1 << q)) | (1 << p));
        if (target < 0 || (from !== null && from[target])) continue;
        src.push(index);
        dst.push(target);
        pq.push(p * norb + q);
        sign.push(excitationSign(x, p, q));
      }
    }
  });
  return {
    count: src.length,
    src: Int32Array.from(src),
    dst: Int32Array.from(dst),
    pq: Int32Array.from(pq),
    sign: Float64Array.from(sign),
  };
}

/** Links reordered so that those sharing a key (an orbital pair, a target string) are contiguous. */
export interface GroupedLinks {
  start: Int32Array;
  src: Int32Array;
  dst: Int32Array;
  pq: Int32Array;
  sign: Float64Array;
}

/**
 * Groups links by key; within a group, by descending target string. Two counting sorts (by target, then
 * stably by key): linear in the links, where a comparison sort was a noticeable part of a large operator's set-up.
 */
export function groupLinks(links: SingleLinks, key: Int32Array, keyCount: number): GroupedLinks {
  const count = links.count;
  let targets = 0;
  for (let k = 0; k < count; k++) targets = Math.max(targets, links.dst[k] + 1);
  const descendingTarget = new Int32Array(count);
  for (let k = 0; k < count; k++) descendingTarget[k] = targets - 1 - links.dst[k];
  const byTarget = countingSort(null, descendingTarget, targets);
  const order = countingSort(byTarget, key, keyCount);
  const start = new Int32Array(keyCount + 1);
  for (let k = 0; k < count; k++) start[key[k] + 1]++;
  for (let g = 0; g < keyCount; g++) start[g + 1] += start[g];
  const grouped = {
    start,
    src: new Int32Array(count),
    dst: new Int32Array(count),
    pq: new Int32Array(count),
    sign: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const k = order[i];
    grouped.src[i] = links.src[k];
    grouped.dst[i] = links.dst[k];
    grouped.pq[i] = links.pq[k];
    grouped.sign[i] = links.sign[k];
  }
  return grouped;
}

/** The items (0 … rank.length − 1 in `items`' order, or in their own with null) stably sorted by rank[item]. */
function countingSort(items: Int32Array | null, rank: Int32Array, ranks: number): Int32Array {
  const count = rank.length;
  const next = new Int32Array(ranks + 1);
  for (let k = 0; k < count; k++) next[rank[k] + 1]++;
  for (let r = 0; r < ranks; r++) next[r + 1] += next[r];
  const sorted = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const item = items === null ? i : items[i];
    sorted[next[rank[item]]++] = item;
  }
  return sorted;
}

/**
 * Integrals of active orbitals that belong to different irreducible representations come out of the
 * transformation as rounding noise (1e-15 and below) rather than zero; terms weighted by less than
 * this are skipped. That drops three quarters of the work on a symmetric molecule, and changes an
 * energy by far less than 1e-12 Ha.
 */
export const NEGLIGIBLE_WEIGHT = 1e-14;

/** Compressed sparse rows: the entries of row r are positions rowStart[r] .. rowStart[r+1]−1. */
export interface SparseRows {
  rowStart: Int32Array;
  col: Int32Array;
  value: Float64Array;
}

/**
 * The Hamiltonian of one spin's electrons alone (one-electron terms plus same-spin repulsion) over a
 * string set, as sparse rows; each row holds the diagonal and the singles and doubles that stay in the set
 * and are not negligible.
 */
export function sameSpinHamiltonian(ham: ActiveSpaceHamiltonian, set: StringSet): SparseRows {
  const rowStart = new Int32Array(set.size + 1);
  const col: number[] = [];
  const value: number[] = [];
  set.strings.forEach((x, row) => {
    col.push(row);
    value.push(sameSpinDiagonal(ham, occupiedOrbitals(x, ham.norb)));
    sameSpinCouplings(
      ham,
      x,
      set.orbitalIrreps,
      (to) => set.indexOf(to),
      (target, element) => {
        col.push(target);
        value.push(element);
      },
    );
    rowStart[row + 1] = col.length;
  });
  return { rowStart, col: Int32Array.from(col), value: Float64Array.from(value) };
}

/**
 * One spin's part of a coupling block (ProductSpaceHamiltonian's `sources`): of `sameSpinHamiltonian`'s
 * rows, the entries of the unmarked rows in marked columns, and nothing else. H being symmetric, they are
 * found from the marked strings' excitations, so the strings outside (most of the set, when it holds a
 * subspace and the candidates around it) are never expanded.
 */
export function couplingRows(ham: ActiveSpaceHamiltonian, set: StringSet, sources: Uint8Array): SparseRows {
  const entries: Array<Array<[number, number]>> = Array.from({ length: set.size }, () => []);
  set.strings.forEach((x, column) => {
    if (!sources[column]) return;
    sameSpinCouplings(
      ham,
      x,
      set.orbitalIrreps,
      (to) => {
        const row = set.indexOf(to);
        return row >= 0 && !sources[row] ? row : -1;
      },
      (row, element) => entries[row].push([column, element]),
    );
  });
  const rowStart = new Int32Array(set.size + 1);
  entries.forEach((row, r) => (rowStart[r + 1] = rowStart[r] + row.length));
  const flat = entries.flat();
  return {
    rowStart,
    col: Int32Array.from(flat, ([column]) => column),
    value: Float64Array.from(flat, ([, element]) => element),
  };
}

/**
 * The strings one or two electrons of one spin away from x that `position` places (a position ≥ 0), each
 * visited with its position and its non-negligible same-spin element ⟨to|H|x⟩ (sign included): singles
 * first, by emptied then filled orbital, then doubles. Elements are computed only for placed strings and,
 * given the orbitals' irreps, only between strings of one irrep (the others are zero by symmetry, and
 * come out of the integrals as rounding noise).
 */
function sameSpinCouplings(
  ham: ActiveSpaceHamiltonian,
  x: number,
  irreps: Int32Array | null,
  position: (to: number) => number,
  visit: (at: number, element: number) => void,
): void {
  const norb = ham.norb;
  const occ = occupiedOrbitals(x, norb);
  const virt: number[] = [];
  for (let p = 0; p < norb; p++) if (!((x >>> p) & 1)) virt.push(p);
  for (const i of occ) {
    for (const a of virt) {
      if (irreps !== null && irreps[i] !== irreps[a]) continue;
      const at = position((x & ~(1 << i)) | (1 << a));
      if (at < 0) continue;
      const element = singleExcitationElement(ham, occ, [], i, a);
      if (Math.abs(element) < NEGLIGIBLE_WEIGHT) continue;
      visit(at, excitationSign(x, a, i) * element);
    }
  }
  for (let ii = 0; ii < occ.length; ii++) {
    for (let jj = ii + 1; jj < occ.length; jj++) {
      const i = occ[ii];
      const j = occ[jj];
      for (let aa = 0; aa < virt.length; aa++) {
        for (let bb = aa + 1; bb < virt.length; bb++) {
          const a = virt[aa];
          const b = virt[bb];
          if (irreps !== null && (irreps[i] ^ irreps[j] ^ irreps[a] ^ irreps[b]) !== 0) continue;
          const at = position((x & ~(1 << i) & ~(1 << j)) | (1 << a) | (1 << b));
          if (at < 0) continue;
          const element = sameSpinDoubleElement(ham, i, j, a, b);
          if (Math.abs(element) < NEGLIGIBLE_WEIGHT) continue;
          visit(at, doubleExcitationSign(x, i, j, a, b) * element);
        }
      }
    }
  }
}

/** Sign of a†_b a_j a†_a a_i on string x: i → a first, then j → b. */
export function doubleExcitationSign(x: number, i: number, j: number, a: number, b: number): number {
  const intermediate = (x & ~(1 << i)) | (1 << a);
  return excitationSign(x, a, i) * excitationSign(intermediate, b, j);
}
