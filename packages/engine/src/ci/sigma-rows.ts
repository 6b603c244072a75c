import type { CancelPoint } from './cancel.ts';
import { NEGLIGIBLE_WEIGHT, type GroupedLinks, type SparseRows } from './excitations.ts';
import { type ColumnWindows, foldTransposeIntoLower } from './sigma-kernels.ts';
import {
  kernelsOn,
  scratchAt,
  scratchBytes,
  type SigmaKernels,
  type SigmaMemory,
  type SigmaScratch,
} from './sigma-memory.ts';

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
   * irrep, so each is one stretch). C is zero outside, and H·C is computed and written inside only (it is zero
   * outside: H does not mix irreps). null: every beta string.
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

/**
 * Rows from … to−1 of out = H·c, computed by one thread; c and out lie in `space` (sigma-memory.ts), as does
 * the thread's scratch, from byte `scratch` on.
 */
export interface RowRange {
  c: Float64Array;
  out: Float64Array;
  space: SigmaMemory;
  scratch: number;
  from: number;
  to: number;
  cancel: CancelPoint;
}

/** One thread's H·C work over the operator's data. */
export class SigmaRows {
  /** Bytes of the scratch a thread needs (the beta links screened for one alpha pair). */
  readonly scratchBytes: number;

  constructor(readonly data: SigmaData) {
    this.scratchBytes = scratchBytes(data.betaSize, data.betaByTarget.src.length);
  }

  run(phase: SigmaPhase, rows: RowRange): Promise<void> {
    return phase === 'sameSpin' ? this.sameSpin(rows) : this.oppositeSpin(rows);
  }

  private async sameSpin(rows: RowRange): Promise<void> {
    const { c, out, from, to, cancel } = rows;
    const { betaSize: nb, alphaRows, betaRows, spinSymmetric, sources, windows } = this.data;
    const kernels = kernelsOn(rows.space);
    // A coupling block's alphaRows hold only what it needs; its unmarked rows have no C for C·H_β to read.
    const betaSide = !spinSymmetric && sources === null;
    for (let a = from; a < to; a++) {
      const row = a * nb;
      // H_α keeps a string's irrep, so the rows it reads share this row's window.
      const [bFrom, bEnd] = windows === null ? [0, nb] : [windows.start[a], windows.end[a]];
      out.fill(0, row + bFrom, row + bEnd);
      rowTimesRows(kernels, alphaRows, a, c, nb, bFrom, bEnd, out.byteOffset + 8 * (row + bFrom));
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
  private async oppositeSpin(rows: RowRange): Promise<void> {
    const { c, out, from, to, cancel } = rows;
    const { norb, betaSize: nb, spinSymmetric, alphaByPair: alpha, windows } = this.data;
    if (spinSymmetric) foldTransposeIntoLower(out, this.data.alphaSize, from, to, windows);
    const n2 = norb * norb;
    const scratch = scratchAt(rows.space, rows.scratch, nb, this.data.betaByTarget.src.length);
    const links = new LinkKernels(kernelsOn(rows.space), scratch, c, out, nb, alpha);
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
      this.screenBetaLinks(pq, scratch);
      // Four alpha links at a time share every load of the beta side, which is what bounds this loop.
      // Their windows are one irrep's block each, so the same or disjoint (then each runs alone); sorted
      // by descending target, neighbours mostly share one, and in a triangle the fourth is the shortest
      // (the others finish alone).
      let k = first;
      for (; k + 3 < last; k += 4) {
        if (!sameWindow(k, k + 1) || !sameWindow(k, k + 2) || !sameWindow(k, k + 3)) {
          for (let j = k; j < k + 4; j++) links.one(j, startOf(j), endOf(j));
          continue;
        }
        const end4 = endOf(k + 3);
        links.four(k, startOf(k), end4);
        for (let j = k; j < k + 3; j++) if (endOf(j) > end4) links.one(j, end4, endOf(j));
      }
      for (; k < last; k++) links.one(k, startOf(k), endOf(k));
      if (cancel.due()) await cancel.pause();
    }
  }

  /**
   * Fills the scratch for the alpha pair pq: the beta links of pq's irrep into each target string, weighted by
   * sign · (pq|rs), without those of negligible weight, and pq's row of the diagonal weights (coulombOnBeta).
   */
  private screenBetaLinks(pq: number, { start, src, weight, u }: SigmaScratch): void {
    const { betaByTarget: beta, eri, betaSize: nb, norb, pairIrreps, pairIrrep, coulombOnBeta } = this.data;
    const eriRow = pq * norb * norb;
    const irrep = pairIrrep === null ? 0 : pairIrrep[pq];
    let count = 0;
    for (let jb = 0; jb < nb; jb++) {
      start[jb] = count;
      const group = jb * pairIrreps + irrep;
      for (let l = beta.start[group]; l < beta.start[group + 1]; l++) {
        const w = beta.sign[l] * eri[eriRow + beta.pq[l]];
        if (Math.abs(w) < NEGLIGIBLE_WEIGHT) continue;
        src[count] = beta.src[l];
        weight[count++] = w;
      }
    }
    start[nb] = count;
    u.set(coulombOnBeta.subarray(pq * nb, (pq + 1) * nb));
  }
}

/**
 * out[b] += Σ_k value[k] · c[col[k]·n + b] over row a's entries k of the sparse rows, for bFrom ≤ b < bEnd, the
 * row of out at byte `outAt` (from bFrom on): four entries at a time, so that each pass over out carries four.
 */
function rowTimesRows(
  kernels: SigmaKernels,
  { rowStart, col, value }: SparseRows,
  a: number,
  c: Float64Array,
  n: number,
  bFrom: number,
  bEnd: number,
  outAt: number,
): void {
  const at = (k: number) => c.byteOffset + 8 * (col[k] * n + bFrom);
  const count = bEnd - bFrom;
  let k = rowStart[a];
  const end = rowStart[a + 1];
  for (; k + 3 < end; k += 4) {
    kernels.fourRows(
      outAt,
      at(k),
      at(k + 1),
      at(k + 2),
      at(k + 3),
      value[k],
      value[k + 1],
      value[k + 2],
      value[k + 3],
      count,
    );
  }
  for (; k < end; k++) kernels.oneRow(outAt, at(k), value[k], count);
}

/** The WebAssembly kernels called for alpha links of one pair, addresses worked out from the indices. */
class LinkKernels {
  private readonly cAt: number;
  private readonly outAt: number;
  private readonly rowBytes: number;

  constructor(
    private readonly kernels: SigmaKernels,
    private readonly scratch: SigmaScratch,
    c: Float64Array,
    out: Float64Array,
    nb: number,
    private readonly alpha: GroupedLinks,
  ) {
    [this.cAt, this.outAt, this.rowBytes] = [c.byteOffset, out.byteOffset, 8 * nb];
  }

  /** Alpha link k against the screened beta links, into the beta strings [from, end) of its target row. */
  one(k: number, from: number, end: number): void {
    const { alpha, scratch, cAt, outAt, rowBytes } = this;
    this.kernels.oneLink(
      cAt + alpha.src[k] * rowBytes,
      outAt + alpha.dst[k] * rowBytes,
      alpha.sign[k],
      from,
      end,
      scratch.links,
    );
  }

  /** Alpha links k … k+3 at once, over [from, end) (within each one's window). */
  four(k: number, from: number, end: number): void {
    const { alpha, scratch, cAt, outAt, rowBytes } = this;
    const { src, dst, sign } = alpha;
    this.kernels.fourLinks(
      cAt + src[k] * rowBytes,
      cAt + src[k + 1] * rowBytes,
      cAt + src[k + 2] * rowBytes,
      cAt + src[k + 3] * rowBytes,
      outAt + dst[k] * rowBytes,
      outAt + dst[k + 1] * rowBytes,
      outAt + dst[k + 2] * rowBytes,
      outAt + dst[k + 3] * rowBytes,
      sign[k],
      sign[k + 1],
      sign[k + 2],
      sign[k + 3],
      from,
      end,
      scratch.links,
    );
  }
}
