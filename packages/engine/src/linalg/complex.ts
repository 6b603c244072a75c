import { eigh } from './eigh.ts';

/** A complex matrix, row-major, real and imaginary parts in separate arrays. */
export interface ComplexMatrix {
  rows: number;
  cols: number;
  re: Float64Array;
  im: Float64Array;
}

export function complexMatrix(rows: number, cols: number): ComplexMatrix {
  return { rows, cols, re: new Float64Array(rows * cols), im: new Float64Array(rows * cols) };
}

/** a·b. */
export function multiplyComplex(a: ComplexMatrix, b: ComplexMatrix): ComplexMatrix {
  if (a.cols !== b.rows) throw new Error(`multiplyComplex: ${a.rows}×${a.cols} by ${b.rows}×${b.cols}`);
  const out = complexMatrix(a.rows, b.cols);
  const n = b.cols;
  for (let i = 0; i < a.rows; i++) {
    const row = i * n;
    for (let k = 0; k < a.cols; k++) {
      const xr = a.re[i * a.cols + k];
      const xi = a.im[i * a.cols + k];
      if (xr === 0 && xi === 0) continue;
      const from = k * n;
      for (let j = 0; j < n; j++) {
        const yr = b.re[from + j];
        const yi = b.im[from + j];
        out.re[row + j] += xr * yr - xi * yi;
        out.im[row + j] += xr * yi + xi * yr;
      }
    }
  }
  return out;
}

/** The conjugate transpose a†. */
export function adjoint(a: ComplexMatrix): ComplexMatrix {
  const out = complexMatrix(a.cols, a.rows);
  for (let i = 0; i < a.rows; i++) {
    for (let j = 0; j < a.cols; j++) {
      out.re[j * a.rows + i] = a.re[i * a.cols + j];
      out.im[j * a.rows + i] = -a.im[i * a.cols + j];
    }
  }
  return out;
}

/** a·a† (rows × rows, Hermitian). */
export function rowGram(a: ComplexMatrix): ComplexMatrix {
  const { rows, cols, re, im } = a;
  const out = complexMatrix(rows, rows);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j <= i; j++) {
      let sr = 0;
      let si = 0;
      for (let c = 0; c < cols; c++) {
        const xr = re[i * cols + c];
        const xi = im[i * cols + c];
        const yr = re[j * cols + c];
        const yi = im[j * cols + c];
        sr += xr * yr + xi * yi;
        si += xi * yr - xr * yi;
      }
      out.re[i * rows + j] = sr;
      out.im[i * rows + j] = si;
      out.re[j * rows + i] = sr;
      out.im[j * rows + i] = -si;
    }
  }
  return out;
}

/**
 * The eigenpairs of a Hermitian matrix h whose eigenvalues exceed `floor`, largest first; eigenvector k is
 * column k of `vectors` (n × count). Solved as the real symmetric matrix [[Re h, −Im h], [Im h, Re h]]
 * (src/linalg/eigh.ts), in which each eigenvalue of h appears twice, its real eigenvectors spanning
 * z and i·z: within each group of equal eigenvalues, the complex vectors x + iy are orthonormalised
 * taking the largest remainder first, so every eigenspace comes out whole and orthonormal.
 */
export function hermitianEigenpairs(
  h: ComplexMatrix,
  floor: number,
): { values: Float64Array; vectors: ComplexMatrix } {
  const n = h.rows;
  const n2 = 2 * n;
  // Shifted by the Frobenius norm, so that no eigenvalue of the embedding is near zero: QL's test for a
  // negligible off-diagonal is relative to the diagonal, and a Gram matrix of low rank has many zero
  // eigenvalues, among which it would never converge.
  let shift = 0;
  for (let i = 0; i < n * n; i++) shift += h.re[i] ** 2 + h.im[i] ** 2;
  shift = Math.sqrt(shift);
  const embedded = new Float64Array(n2 * n2);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const r = h.re[i * n + j] + (i === j ? shift : 0);
      const m = h.im[i * n + j];
      embedded[i * n2 + j] = r;
      embedded[(i + n) * n2 + j + n] = r;
      embedded[i * n2 + j + n] = -m;
      embedded[(i + n) * n2 + j] = m;
    }
  }
  const { values: shifted, vectors: realVectors } = eigh(embedded, n2);
  const real = shifted.map((value) => value - shift);
  const scale = Math.max(Math.abs(real[0]), Math.abs(real[n2 - 1]), Number.MIN_VALUE);
  const tolerance = 1e-9 * scale;
  const values: number[] = [];
  const accepted: Array<{ re: Float64Array; im: Float64Array }> = [];
  let k = n2 - 1;
  while (k >= 0 && real[k] > floor && accepted.length < n) {
    // A group of (numerically) equal eigenvalues: real[end+1 … k].
    let end = k - 1;
    while (end >= 0 && real[k] - real[end] <= tolerance) end--;
    const candidates: Array<{ re: Float64Array; im: Float64Array }> = [];
    for (let c = k; c > end; c--) {
      const re = new Float64Array(n);
      const im = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        re[i] = realVectors[i * n2 + c];
        im[i] = realVectors[(i + n) * n2 + c];
      }
      for (const q of accepted) projectOut(re, im, q);
      candidates.push({ re, im });
    }
    const wanted = Math.min(Math.round(candidates.length / 2), n - accepted.length);
    const mean = (real[k] + real[end + 1]) / 2;
    for (let taken = 0; taken < wanted; taken++) {
      let best = -1;
      let bestNorm = 0;
      candidates.forEach((c, index) => {
        const norm = squaredNorm(c.re, c.im);
        if (norm > bestNorm) [best, bestNorm] = [index, norm];
      });
      if (best < 0 || bestNorm < 1e-6) break;
      const [chosen] = candidates.splice(best, 1);
      const scaleBy = 1 / Math.sqrt(bestNorm);
      for (let i = 0; i < n; i++) {
        chosen.re[i] *= scaleBy;
        chosen.im[i] *= scaleBy;
      }
      for (const c of candidates) projectOut(c.re, c.im, chosen);
      accepted.push(chosen);
      values.push(mean);
    }
    k = end;
  }
  const vectors = complexMatrix(n, accepted.length);
  accepted.forEach((q, col) => {
    for (let i = 0; i < n; i++) {
      vectors.re[i * accepted.length + col] = q.re[i];
      vectors.im[i * accepted.length + col] = q.im[i];
    }
  });
  return { values: Float64Array.from(values), vectors };
}

function squaredNorm(re: Float64Array, im: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < re.length; i++) sum += re[i] * re[i] + im[i] * im[i];
  return sum;
}

/** v ← v − q·(q†v), q of unit length. */
function projectOut(re: Float64Array, im: Float64Array, q: { re: Float64Array; im: Float64Array }): void {
  let dr = 0;
  let di = 0;
  for (let i = 0; i < re.length; i++) {
    dr += q.re[i] * re[i] + q.im[i] * im[i];
    di += q.re[i] * im[i] - q.im[i] * re[i];
  }
  for (let i = 0; i < re.length; i++) {
    re[i] -= q.re[i] * dr - q.im[i] * di;
    im[i] -= q.re[i] * di + q.im[i] * dr;
  }
}

/**
 * a = q·r with q's columns orthonormal (rows × k) and k ≤ min(rows, cols): modified Gram–Schmidt, each
 * column orthogonalised twice. A column already in the span of the earlier ones adds no column to q, so
 * k is a's numerical rank (columns whose remainder is below 1e-13 of their length count as dependent).
 */
export function thinQr(a: ComplexMatrix): { q: ComplexMatrix; r: ComplexMatrix } {
  const { rows, cols } = a;
  const basis: Array<{ re: Float64Array; im: Float64Array }> = [];
  // Coefficients of column j on the basis vectors, filled as the basis grows.
  const coefficients: Array<{ re: number[]; im: number[] }> = [];
  for (let j = 0; j < cols; j++) {
    const re = new Float64Array(rows);
    const im = new Float64Array(rows);
    for (let i = 0; i < rows; i++) {
      re[i] = a.re[i * cols + j];
      im[i] = a.im[i * cols + j];
    }
    const length = Math.sqrt(squaredNorm(re, im));
    const column = {
      re: new Array<number>(basis.length).fill(0),
      im: new Array<number>(basis.length).fill(0),
    };
    for (let pass = 0; pass < 2; pass++) {
      basis.forEach((q, k) => {
        let dr = 0;
        let di = 0;
        for (let i = 0; i < rows; i++) {
          dr += q.re[i] * re[i] + q.im[i] * im[i];
          di += q.re[i] * im[i] - q.im[i] * re[i];
        }
        for (let i = 0; i < rows; i++) {
          re[i] -= q.re[i] * dr - q.im[i] * di;
          im[i] -= q.re[i] * di + q.im[i] * dr;
        }
        column.re[k] += dr;
        column.im[k] += di;
      });
    }
    const remainder = Math.sqrt(squaredNorm(re, im));
    if (basis.length < rows && remainder > 1e-13 * length && remainder > 0) {
      for (let i = 0; i < rows; i++) {
        re[i] /= remainder;
        im[i] /= remainder;
      }
      basis.push({ re, im });
      column.re.push(remainder);
      column.im.push(0);
    }
    coefficients.push(column);
  }
  const k = basis.length;
  const q = complexMatrix(rows, k);
  basis.forEach((v, col) => {
    for (let i = 0; i < rows; i++) {
      q.re[i * k + col] = v.re[i];
      q.im[i * k + col] = v.im[i];
    }
  });
  const r = complexMatrix(k, cols);
  coefficients.forEach((column, j) => {
    column.re.forEach((value, row) => {
      r.re[row * cols + j] = value;
      r.im[row * cols + j] = column.im[row];
    });
  });
  return { q, r };
}
