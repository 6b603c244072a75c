import type { CancelPoint } from './cancel.ts';
import { NEGLIGIBLE_WEIGHT, type GroupedLinks, type SparseRows } from './excitations.ts';
import {
  type ColumnWindows,
  foldTransposeIntoLower,
  fourLinkKernel,
  oneLinkKernel,
  sparseRowTimesMatrix,
} from './sigma-kernels.ts';

/**
 * What H·C over alpha strings × beta strings needs, as typed arrays only, so that it can be posted (copied)
 * to a helper thread once per operator.
 */
export interface SigmaData {
  norb: number;
  alphaSize: number;
  betaSize: number;
  /** One string set serves both spins: C is symmetric and only its lower triangle is computed. */
  spinSymmetric: boolean;
  eri: Float64Array;
  alphaRows: SparseRows;
  betaRows: SparseRows;
  alphaByPair: GroupedLinks;
  /**
   * The beta links grouped by target string and, within it, by the irrep of their orbital pair rs
   * (key Ib·pairIrreps + irrep): an alpha pair pq meets only the beta pairs of its own irrep, the others'
   * (pq|rs) being zero by symmetry. One irrep (pairIrreps 1) without symmetry.
   */
  betaByTarget: GroupedLinks;
  pairIrreps: number;
  /** Per orbital pair pq = p·norb + q, its irrep (the XOR of p's and q's); null without symmetry. */
  pairIrrep: Int32Array | null;
  /** coulombOnBeta[pq·nβ + Ib] = Σ_{r ∈ Ib} (pq|rr): every diagonal beta link of string Ib at once. */
  coulombOnBeta: Float64Array;
  /**
   * A coupling block (ProductSpaceHamiltonian's `sources`): C lives on the marked alpha rows, H·C is wanted
   * on the others only; alphaRows and alphaByPair then hold only entries from marked to unmarked rows.
   * null: the whole operator.
   */
  sources: Uint8Array | null;
  /**
   * A symmetry block (ProductSpaceHamiltonian's `targetIrrep`): per alpha row, the beta strings
   * [start, end) of the irrep that makes a determinant of the target irrep (the strings are sorted by
   * irrep, so each is one stretch). C is zero outside, and H·C is computed inside only (zero outside: H
   * does not mix irreps). null: every beta string.
   */
  windows: ColumnWindows | null;
}

/**
 * The phases of H·C, each over a range of alpha rows [from, to) of the output, so that threads given
 * disjoint ranges never write the same element (ProductSpaceHamiltonian runs them):
 * - `sameSpin`: out = H_α·C (and + C·H_β when the spins have different string sets);
 * - `oppositeSpin`: for a symmetric C, first lower(out) += upper(out)ᵀ (H_β·C is the transpose of H_α·C),
 *   then Σ (pq|rs) E^α_pq E^β_rs into the lower triangle; otherwise the opposite-spin part into whole rows.
 * The second phase reads rows of the first that other threads wrote: it starts once every range of the first
 * has finished.
 */
export type SigmaPhase = 'sameSpin' | 'oppositeSpin';

/** Rows from … to−1 of out = H·c, computed by one thread. */
export interface RowRange {
  c: Float64Array;
  out: Float64Array;
  from: number;
  to: number;
  cancel: CancelPoint;
}

/** One thread's H·C work: the data and the scratch of the beta links screened for one alpha pair. */
export class SigmaRows {
  private readonly screenedStart: Int32Array;
  private readonly screenedSrc: Int32Array;
  private readonly screenedWeight: Float64Array;

  constructor(readonly data: SigmaData) {
    const links = data.betaByTarget.src.length;
    this.screenedStart = new Int32Array(data.betaSize + 1);
    this.screenedSrc = new Int32Array(links);
    this.screenedWeight = new Float64Array(links);
  }

  run(phase: SigmaPhase, rows: RowRange): Promise<void> {
    return phase === 'sameSpin' ? this.sameSpin(rows) : this.oppositeSpin(rows);
  }

  private async sameSpin({ c, out, from, to, cancel }: RowRange): Promise<void> {
    const { betaSize: nb, alphaRows, betaRows, spinSymmetric, sources, windows } = this.data;
    // A coupling block's alphaRows hold only what it needs; its unmarked rows have no C for C·H_β to read.
    const betaSide = !spinSymmetric && sources === null;
    for (let a = from; a < to; a++) {
      const row = a * nb;
      out.fill(0, row, row + nb);
      // H_α keeps a string's irrep, so the rows it reads share this row's window.
      const [bFrom, bEnd] = windows === null ? [0, nb] : [windows.start[a], windows.end[a]];
      sparseRowTimesMatrix(
        alphaRows.rowStart[a],
        alphaRows.rowStart[a + 1],
        alphaRows.col,
        alphaRows.value,
        nb,
        bFrom,
        bEnd,
        c,
        out,
        row,
      );
      if (betaSide) {
        const { rowStart, col, value } = betaRows;
        for (let b = bFrom; b < bEnd; b++) {
          let sum = 0;
          for (let k = rowStart[b]; k < rowStart[b + 1]; k++) sum += value[k] * c[row + col[k]];
          out[row + b] += sum;
        }
      }
      if (cancel.due()) await cancel.pause();
    }
  }

  /**
   * Σ (pq|rs) E^α_pq E^β_rs over the alpha links into rows [from, to), one alpha pair pq at a time (p = q
   * included): its alpha links against the beta r = s terms (the coulombOnBeta table) and the beta links
   * r ≠ s whose (pq|rs) is not negligible.
   */
  private async oppositeSpin({ c, out, from, to, cancel }: RowRange): Promise<void> {
    const { norb, betaSize: nb, spinSymmetric, alphaByPair: alpha, coulombOnBeta, windows } = this.data;
    if (spinSymmetric) foldTransposeIntoLower(out, this.data.alphaSize, from, to, windows);
    const n2 = norb * norb;
    const { screenedStart: start, screenedSrc: src, screenedWeight: w } = this;
    // The beta strings each alpha link's target row takes: its symmetry window, and in a symmetric C the
    // lower triangle only.
    const startOf = (k: number) => (windows === null ? 0 : windows.start[alpha.dst[k]]);
    const endOf = (k: number) => {
      const end = windows === null ? nb : windows.end[alpha.dst[k]];
      return spinSymmetric ? Math.min(end, alpha.dst[k] + 1) : end;
    };
    const sameWindow = (j: number, k: number) =>
      windows === null ||
      (windows.start[alpha.dst[j]] === windows.start[alpha.dst[k]] &&
        windows.end[alpha.dst[j]] === windows.end[alpha.dst[k]]);
    for (let pq = 0; pq < n2; pq++) {
      // Within a pair the links run by descending target: those into [from, to) are one stretch.
      let first = alpha.start[pq];
      let last = alpha.start[pq + 1];
      while (first < last && alpha.dst[first] >= to) first++;
      while (last > first && alpha.dst[last - 1] < from) last--;
      if (first === last) continue;
      this.screenBetaLinks(pq);
      const uOffset = pq * nb;
      // Four alpha links at a time share every load of the beta side, which is what bounds this loop.
      // Their windows are one irrep's block each, so the same or disjoint (then each runs alone); sorted
      // by descending target, neighbours mostly share one, and in a triangle the fourth is the shortest
      // (the others finish alone).
      let k = first;
      for (; k + 3 < last; k += 4) {
        if (!sameWindow(k, k + 1) || !sameWindow(k, k + 2) || !sameWindow(k, k + 3)) {
          for (let j = k; j < k + 4; j++) this.oneLink(j, startOf(j), endOf(j), uOffset, c, out);
          continue;
        }
        const [from4, end4] = [startOf(k), endOf(k + 3)];
        fourLinkKernel(alpha, k, nb, from4, end4, coulombOnBeta, uOffset, w, start, src, c, out);
        for (let j = k; j < k + 3; j++) if (endOf(j) > end4) this.oneLink(j, end4, endOf(j), uOffset, c, out);
      }
      for (; k < last; k++) this.oneLink(k, startOf(k), endOf(k), uOffset, c, out);
      if (cancel.due()) await cancel.pause();
    }
  }

  private oneLink(
    k: number,
    from: number,
    end: number,
    uOffset: number,
    c: Float64Array,
    out: Float64Array,
  ): void {
    const { betaSize: nb, alphaByPair: alpha, coulombOnBeta } = this.data;
    const { screenedStart, screenedSrc, screenedWeight } = this;
    const [inRow, outRow] = [alpha.src[k] * nb, alpha.dst[k] * nb];
    oneLinkKernel(
      inRow,
      outRow,
      alpha.sign[k],
      from,
      end,
      coulombOnBeta,
      uOffset,
      screenedWeight,
      screenedStart,
      screenedSrc,
      c,
      out,
    );
  }

  /**
   * Fills the screened links for the alpha pair pq: the beta links of pq's irrep into each target string,
   * weighted by sign · (pq|rs), without those of negligible weight.
   */
  private screenBetaLinks(pq: number): void {
    const { betaByTarget: beta, eri, betaSize: nb, norb, pairIrreps, pairIrrep } = this.data;
    const { screenedStart: start, screenedSrc: src, screenedWeight: w } = this;
    const eriRow = pq * norb * norb;
    const irrep = pairIrrep === null ? 0 : pairIrrep[pq];
    let count = 0;
    for (let jb = 0; jb < nb; jb++) {
      start[jb] = count;
      const group = jb * pairIrreps + irrep;
      for (let l = beta.start[group]; l < beta.start[group + 1]; l++) {
        const weight = beta.sign[l] * eri[eriRow + beta.pq[l]];
        if (Math.abs(weight) < NEGLIGIBLE_WEIGHT) continue;
        src[count] = beta.src[l];
        w[count++] = weight;
      }
    }
    start[nb] = count;
  }
}
