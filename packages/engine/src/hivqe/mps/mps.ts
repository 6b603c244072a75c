import {
  adjoint,
  complexMatrix,
  hermitianEigenpairs,
  multiplyComplex,
  rowGram,
  thinQr,
  type ComplexMatrix,
} from '../../linalg/complex.ts';
import type { Unitary } from '../native/unitary.ts';

/**
 * How far a matrix-product state may be cut after each two-qubit gate: at most `maxBond` states kept
 * across any bond, and no more weight (squared norm, relative) discarded at one cut than `cutoff`.
 * `maxBond` Infinity with `cutoff` 0 keeps the state exact up to rounding.
 */
export interface TruncationPolicy {
  maxBond: number;
  cutoff: number;
}

/** A two-qubit gate on neighbouring sites (i, i+1), 4×4 row-major over the basis index 2·s_i + s_(i+1). */
export interface PairUnitary {
  re: Float64Array;
  im: Float64Array;
}

/**
 * Weights below this fraction of a cut's total are below the rounding of the Gram matrix they come from:
 * dropped even at full bond dimension.
 */
const NOISE = 1e-16;

/**
 * A state of qubits on a line as a matrix-product state: site k holds a tensor A_k[a, s, b] (left bond a,
 * qubit value s, right bond b), stored row-major as the (2·left) × right matrix whose rows are (a, s), which
 * is also the left × (2·right) matrix whose columns are (s, b). One site, the centre, carries the norm:
 * the sites left of it are left-orthonormal and those right of it right-orthonormal, so a cut at the centre
 * is the optimal truncation (the Schmidt decomposition) and sampling from site 0 needs no environment.
 */
export class MatrixProductState {
  readonly sites: ComplexMatrix[];
  private center = 0;
  /** Summed relative weight discarded by truncations: an estimate of the infidelity 1 − |⟨exact|this⟩|². */
  discardedWeight = 0;
  /** The largest bond dimension the state has had. */
  largestBond = 1;

  /** |0…0⟩ on `qubits` sites. */
  constructor(
    qubits: number,
    private readonly policy: TruncationPolicy,
  ) {
    this.sites = Array.from({ length: qubits }, () => {
      const site = complexMatrix(2, 1);
      site.re[0] = 1;
      return site;
    });
  }

  get length(): number {
    return this.sites.length;
  }

  /** A single-qubit gate (2×2, the layout of native/unitary.ts) on site k. */
  applySingle(k: number, u: Unitary): void {
    const site = this.sites[k];
    const right = site.cols;
    const [ar, ai, br, bi, cr, ci, dr, di] = u;
    for (let a = 0; a < site.rows / 2; a++) {
      for (let b = 0; b < right; b++) {
        const zero = 2 * a * right + b;
        const one = zero + right;
        const xr = site.re[zero];
        const xi = site.im[zero];
        const yr = site.re[one];
        const yi = site.im[one];
        site.re[zero] = ar * xr - ai * xi + br * yr - bi * yi;
        site.im[zero] = ar * xi + ai * xr + br * yi + bi * yr;
        site.re[one] = cr * xr - ci * xi + dr * yr - di * yi;
        site.im[one] = cr * xi + ci * xr + dr * yi + di * yr;
      }
    }
  }

  /** A two-qubit gate on sites k and k+1, then the cut between them truncated by the policy. */
  applyPair(k: number, u: PairUnitary): void {
    this.moveCenter(k);
    const left = this.sites[k].rows / 2;
    const right = this.sites[k + 1].cols;
    const rightAsRows: ComplexMatrix = { ...this.sites[k + 1], rows: this.sites[k].cols, cols: 2 * right };
    // θ: rows (a, s), columns (t, c).
    const theta = multiplyComplex(this.sites[k], rightAsRows);
    const width = 2 * right;
    const xr = new Float64Array(4);
    const xi = new Float64Array(4);
    for (let a = 0; a < left; a++) {
      for (let c = 0; c < right; c++) {
        const at = (st: number) => (2 * a + (st >> 1)) * width + (st & 1) * right + c;
        for (let st = 0; st < 4; st++) {
          xr[st] = theta.re[at(st)];
          xi[st] = theta.im[at(st)];
        }
        for (let row = 0; row < 4; row++) {
          let sr = 0;
          let si = 0;
          for (let col = 0; col < 4; col++) {
            const ur = u.re[4 * row + col];
            const ui = u.im[4 * row + col];
            sr += ur * xr[col] - ui * xi[col];
            si += ur * xi[col] + ui * xr[col];
          }
          theta.re[at(row)] = sr;
          theta.im[at(row)] = si;
        }
      }
    }
    this.split(k, theta);
  }

  /**
   * Splits θ (2·left × 2·right) back into sites k and k+1 through the eigenvectors of its smaller Gram
   * matrix: with θθ† = UΛU†, θ = U·(U†θ), U kept on the left (left-orthonormal) and the centre moving to
   * k+1; or with θ†θ = VΛV†, θ = (θV)·V†, V† kept on the right and the centre staying at k. Either way the
   * eigenvalues are the squared Schmidt coefficients of the cut, and the smallest are dropped.
   */
  private split(k: number, theta: ComplexMatrix): void {
    const total = squaredNorm(theta);
    const wide = theta.rows <= theta.cols;
    const gram = rowGram(wide ? theta : adjoint(theta));
    const { values, vectors } = hermitianEigenpairs(gram, NOISE * total);
    const kept = this.keptCount(values, total);
    const basis = firstColumns(vectors, kept);
    this.largestBond = Math.max(this.largestBond, kept);
    const right = theta.cols / 2;
    if (wide) {
      this.sites[k] = basis;
      this.sites[k + 1] = reshape(multiplyComplex(adjoint(basis), theta), 2 * kept, right);
      this.center = k + 1;
    } else {
      this.sites[k] = multiplyComplex(theta, basis);
      this.sites[k + 1] = reshape(adjoint(basis), 2 * kept, right);
      this.center = k;
    }
    // The weight kept, measured on the centre (the eigenvalues' sum is less exact); the norm the dropped
    // weight took is restored, so that the state stays normalised.
    const keptWeight = squaredNorm(this.sites[this.center]);
    if (total > 0) this.discardedWeight += Math.max(0, 1 - keptWeight / total);
    if (keptWeight > 0 && keptWeight < total) scale(this.sites[this.center], Math.sqrt(total / keptWeight));
  }

  private keptCount(values: Float64Array, total: number): number {
    const allowed = this.policy.cutoff * total;
    let kept = Math.min(values.length, this.policy.maxBond);
    let dropped = 0;
    for (let j = values.length - 1; j >= kept; j--) dropped += values[j];
    while (kept > 1 && dropped + values[kept - 1] <= allowed) dropped += values[--kept];
    return Math.max(kept, 1);
  }

  /**
   * Moves the centre to site `to` by QR steps: a site passed on the way becomes left- (moving right) or
   * right-orthonormal (moving left) and its remaining factor is taken into the next site.
   */
  moveCenter(to: number): void {
    while (this.center < to) {
      const k = this.center;
      const { q, r } = thinQr(this.sites[k]);
      this.sites[k] = q;
      const next = this.sites[k + 1];
      this.sites[k + 1] = multiplyComplex(r, { ...next, rows: next.rows / 2, cols: 2 * next.cols });
      this.sites[k + 1] = reshape(this.sites[k + 1], 2 * q.cols, next.cols);
      this.center++;
    }
    while (this.center > to) {
      const k = this.center;
      const site = this.sites[k];
      const { q, r } = thinQr(adjoint({ ...site, rows: site.rows / 2, cols: 2 * site.cols }));
      this.sites[k] = reshape(adjoint(q), 2 * q.cols, site.cols);
      this.sites[k - 1] = multiplyComplex(this.sites[k - 1], adjoint(r));
      this.center--;
    }
  }
}

/** The same numbers seen as a rows × cols matrix. */
function reshape(m: ComplexMatrix, rows: number, cols: number): ComplexMatrix {
  if (rows * cols !== m.re.length) throw new Error(`reshape: ${m.re.length} entries as ${rows}×${cols}`);
  return { rows, cols, re: m.re, im: m.im };
}

function firstColumns(m: ComplexMatrix, count: number): ComplexMatrix {
  const out = complexMatrix(m.rows, count);
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < count; j++) {
      out.re[i * count + j] = m.re[i * m.cols + j];
      out.im[i * count + j] = m.im[i * m.cols + j];
    }
  }
  return out;
}

function squaredNorm(m: ComplexMatrix): number {
  let sum = 0;
  for (let i = 0; i < m.re.length; i++) sum += m.re[i] * m.re[i] + m.im[i] * m.im[i];
  return sum;
}

function scale(m: ComplexMatrix, factor: number): void {
  for (let i = 0; i < m.re.length; i++) {
    m.re[i] *= factor;
    m.im[i] *= factor;
  }
}

/**
 * The memory a matrix-product state of `qubits` sites at bond dimension `bond` holds at its peak: every
 * site at full bond (2·bond² complex numbers) and one cut's work: θ and its Gram matrix (each (2·bond)²
 * complex) and the real symmetric eigenproblem of twice the Gram's size with eigh's three copies of it.
 */
export function mpsMemoryBytes(qubits: number, bond: number): number {
  const complexBytes = 16;
  const sites = qubits * 2 * bond * bond * complexBytes;
  const cut = 2 * (2 * bond) ** 2 * complexBytes + 4 * (4 * bond) ** 2 * 8;
  return sites + cut;
}
