import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CancelPoint } from './cancel.ts';
import type { SymmetricOperator } from './davidson.ts';
import {
  groupLinks,
  NEGLIGIBLE_WEIGHT,
  sameSpinHamiltonian,
  singleExcitationLinks,
  type GroupedLinks,
  type SparseRows,
} from './excitations.ts';
import {
  foldTransposeIntoLower,
  fourLinkKernel,
  mirrorLowerToUpper,
  oneLinkKernel,
  sparseRowTimesMatrix,
} from './sigma-kernels.ts';
import { occupiedOrbitals, type StringSet } from './strings.ts';

/**
 * The Hamiltonian over the determinants alpha strings × beta strings (coefficient of (Ia, Ib) at
 * Ia·nβ + Ib). The full CI space is the case where both sets hold every string; a HI-VQE subspace holds
 * the strings sampled or handed over. H = H_α + H_β + Σ (pq|rs) E^α_pq E^β_rs: the same-spin parts are
 * sparse string matrices, the opposite-spin part runs over pairs of single-excitation links
 * (Olsen's factorisation), so nothing of size (determinants)² is ever stored.
 *
 * When both spins use the same string set (closed shell), the operator works on coefficient matrices
 * symmetric under α ↔ β exchange — the even-spin states, which hold the singlet ground state — and
 * computes only the lower triangle of H·C, half the work.
 */
export class ProductSpaceHamiltonian implements SymmetricOperator {
  readonly size: number;
  readonly diagonal: Float64Array;
  readonly spinSymmetric: boolean;
  private readonly norb: number;
  private readonly alphaRows: SparseRows;
  private readonly betaRows: SparseRows;
  private readonly alphaByPair: GroupedLinks;
  private readonly betaByTarget: GroupedLinks;
  private readonly alphaOcc: number[][];
  private readonly betaOcc: number[][];
  /** coulombOnBeta[pq·nβ + Ib] = Σ_{r ∈ Ib} (pq|rr): every diagonal beta link of string Ib at once. */
  private readonly coulombOnBeta: Float64Array;
  // Scratch space of apply(), which is therefore not re-entrant (Davidson calls it one at a time).
  private readonly screenedStart: Int32Array;
  private readonly screenedSrc: Int32Array;
  private readonly screenedWeight: Float64Array;

  constructor(
    private readonly ham: ActiveSpaceHamiltonian,
    readonly alpha: StringSet,
    readonly beta: StringSet,
  ) {
    const norb = ham.norb;
    this.norb = norb;
    this.size = alpha.size * beta.size;
    this.spinSymmetric = alpha === beta;
    this.alphaRows = sameSpinHamiltonian(ham, alpha);
    this.betaRows = this.spinSymmetric ? this.alphaRows : sameSpinHamiltonian(ham, beta);
    const alphaLinks = singleExcitationLinks(alpha, norb, true);
    const betaLinks = singleExcitationLinks(beta, norb);
    this.alphaByPair = groupLinks(alphaLinks, alphaLinks.pq, norb * norb);
    this.betaByTarget = groupLinks(betaLinks, betaLinks.dst, beta.size);
    this.alphaOcc = Array.from(alpha.strings, (x) => occupiedOrbitals(x, norb));
    this.betaOcc = this.spinSymmetric
      ? this.alphaOcc
      : Array.from(beta.strings, (x) => occupiedOrbitals(x, norb));
    this.coulombOnBeta = this.buildCoulombOnBeta();
    this.screenedStart = new Int32Array(beta.size + 1);
    this.screenedSrc = new Int32Array(betaLinks.count);
    this.screenedWeight = new Float64Array(betaLinks.count);
    this.diagonal = this.buildDiagonal();
  }

  private buildCoulombOnBeta(): Float64Array {
    const n = this.norb;
    const n2 = n * n;
    const nb = this.beta.size;
    const out = new Float64Array(n2 * nb);
    for (let pq = 0; pq < n2; pq++) {
      for (let b = 0; b < nb; b++) {
        let sum = 0;
        for (const r of this.betaOcc[b]) sum += this.ham.eri[pq * n2 + r * n + r];
        out[pq * nb + b] = sum;
      }
    }
    return out;
  }

  private buildDiagonal(): Float64Array {
    const nb = this.beta.size;
    const diagonal = new Float64Array(this.size);
    const betaSame = Array.from({ length: nb }, (_, b) => rowDiagonal(this.betaRows, b));
    const n = this.norb;
    for (let a = 0; a < this.alpha.size; a++) {
      const row = a * nb;
      const alphaSame = rowDiagonal(this.alphaRows, a);
      for (let b = 0; b < nb; b++) diagonal[row + b] = alphaSame + betaSame[b];
      // Coulomb between the spins, Σ_{i∈Ia, j∈Ib} (ii|jj), from the (ii|jj) rows of coulombOnBeta.
      for (const i of this.alphaOcc[a]) {
        const coulomb = (i * n + i) * nb;
        for (let b = 0; b < nb; b++) diagonal[row + b] += this.coulombOnBeta[coulomb + b];
      }
    }
    return diagonal;
  }

  restrict(x: Float64Array): void {
    if (!this.spinSymmetric) return;
    const n = this.alpha.size;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i; j++) {
        const mean = 0.5 * (x[i * n + j] + x[j * n + i]);
        x[i * n + j] = mean;
        x[j * n + i] = mean;
      }
    }
  }

  async apply(c: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    out.fill(0);
    await this.applyAlphaAlpha(c, out, cancel);
    if (this.spinSymmetric) {
      // For symmetric C, H_β·C is the transpose of H_α·C: fold it into the lower triangle.
      foldTransposeIntoLower(out, this.alpha.size);
    } else {
      await this.applyBetaBeta(c, out, cancel);
    }
    await this.applyOppositeSpin(c, out, cancel);
    if (this.spinSymmetric) mirrorLowerToUpper(out, this.alpha.size);
  }

  private async applyAlphaAlpha(c: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    const nb = this.beta.size;
    const { rowStart, col, value } = this.alphaRows;
    for (let a = 0; a < this.alpha.size; a++) {
      sparseRowTimesMatrix(rowStart[a], rowStart[a + 1], col, value, nb, c, out, a * nb);
      if (cancel.due()) await cancel.pause();
    }
  }

  private async applyBetaBeta(c: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    const nb = this.beta.size;
    const { rowStart, col, value } = this.betaRows;
    for (let a = 0; a < this.alpha.size; a++) {
      const row = a * nb;
      for (let b = 0; b < nb; b++) {
        let sum = 0;
        for (let k = rowStart[b]; k < rowStart[b + 1]; k++) sum += value[k] * c[row + col[k]];
        out[row + b] += sum;
      }
      if (cancel.due()) await cancel.pause();
    }
  }

  /**
   * Σ (pq|rs) E^α_pq E^β_rs, one alpha pair pq at a time (p = q included): its alpha links against the
   * beta r = s terms (the coulombOnBeta table) and the beta links r ≠ s whose (pq|rs) is not negligible.
   */
  private async applyOppositeSpin(c: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    const n2 = this.norb * this.norb;
    const nb = this.beta.size;
    const { screenedStart: start, screenedSrc: src, screenedWeight: w } = this;

    const alpha = this.alphaByPair;
    const endOf = (k: number) => (this.spinSymmetric ? alpha.dst[k] + 1 : nb);
    for (let pq = 0; pq < n2; pq++) {
      const first = alpha.start[pq];
      const last = alpha.start[pq + 1];
      if (first === last) continue;
      this.screenBetaLinks(pq * n2);
      const uOffset = pq * nb;
      // Four alpha links at a time share every load of the beta side, which is what bounds this loop.
      // Sorted by descending target, the fourth has the shortest triangle: the others finish alone.
      let k = first;
      for (; k + 3 < last; k += 4) {
        const shared = endOf(k + 3);
        fourLinkKernel(alpha, k, nb, shared, this.coulombOnBeta, uOffset, w, start, src, c, out);
        for (let j = k; j < k + 3; j++) {
          const end = endOf(j);
          if (end > shared) {
            const [inRow, outRow] = [alpha.src[j] * nb, alpha.dst[j] * nb];
            oneLinkKernel(
              inRow,
              outRow,
              alpha.sign[j],
              shared,
              end,
              this.coulombOnBeta,
              uOffset,
              w,
              start,
              src,
              c,
              out,
            );
          }
        }
      }
      for (; k < last; k++) {
        const [inRow, outRow] = [alpha.src[k] * nb, alpha.dst[k] * nb];
        oneLinkKernel(
          inRow,
          outRow,
          alpha.sign[k],
          0,
          endOf(k),
          this.coulombOnBeta,
          uOffset,
          w,
          start,
          src,
          c,
          out,
        );
      }
      if (cancel.due()) await cancel.pause();
    }
  }

  /**
   * Fills the screened links for the alpha pair whose (pq|··) row starts at eriRow: the beta links into
   * each target string, weighted by sign · (pq|rs), without those of negligible weight.
   */
  private screenBetaLinks(eriRow: number): void {
    const beta = this.betaByTarget;
    const eri = this.ham.eri;
    const { screenedStart: start, screenedSrc: src, screenedWeight: w } = this;
    const nb = this.beta.size;
    let count = 0;
    for (let jb = 0; jb < nb; jb++) {
      start[jb] = count;
      for (let l = beta.start[jb]; l < beta.start[jb + 1]; l++) {
        const weight = beta.sign[l] * eri[eriRow + beta.pq[l]];
        if (Math.abs(weight) < NEGLIGIBLE_WEIGHT) continue;
        src[count] = beta.src[l];
        w[count++] = weight;
      }
    }
    start[nb] = count;
  }
}

function rowDiagonal(rows: SparseRows, row: number): number {
  for (let k = rows.rowStart[row]; k < rows.rowStart[row + 1]; k++)
    if (rows.col[k] === row) return rows.value[k];
  return 0;
}
