/*
 * The inner loops of H·C (product-space.ts) that stay in JavaScript, kept apart so that each stays a small
 * monomorphic function the JIT compiles well. Typed arrays and indices only. The opposite-spin loops, the hot
 * ones, are WebAssembly (wasm/sigma-kernels.wat).
 */

/**
 * out[outRow + b] += Σ_k value[k] · c[col[k]·n + b] for from ≤ k < end, bFrom ≤ b < bEnd: one sparse row
 * times the columns [bFrom, bEnd) of a row-major matrix of n columns, four entries at a time so that each
 * pass over out carries four products.
 */
export function sparseRowTimesMatrix(
  from: number,
  end: number,
  col: Int32Array,
  value: Float64Array,
  n: number,
  bFrom: number,
  bEnd: number,
  c: Float64Array,
  out: Float64Array,
  outRow: number,
): void {
  let k = from;
  for (; k + 3 < end; k += 4) {
    const [v1, v2, v3, v4] = [value[k], value[k + 1], value[k + 2], value[k + 3]];
    const [in1, in2, in3, in4] = [col[k] * n, col[k + 1] * n, col[k + 2] * n, col[k + 3] * n];
    for (let b = bFrom; b < bEnd; b++) {
      out[outRow + b] += v1 * c[in1 + b] + v2 * c[in2 + b] + v3 * c[in3 + b] + v4 * c[in4 + b];
    }
  }
  for (; k < end; k++) {
    const v = value[k];
    const inRow = col[k] * n;
    for (let b = bFrom; b < bEnd; b++) out[outRow + b] += v * c[inRow + b];
  }
}

/**
 * Per row i of a square matrix, the columns [start[i], end[i]) that can be non-zero (a symmetry block's);
 * null: every column.
 */
export interface ColumnWindows {
  start: Int32Array;
  end: Int32Array;
}

/** lower(S) ← S + Sᵀ in rows [from, to), for the square matrix S of side n stored row-major. */
export function foldTransposeIntoLower(
  s: Float64Array,
  n: number,
  from = 0,
  to = n,
  windows: ColumnWindows | null = null,
): void {
  for (let i = from; i < to; i++) {
    const [lo, hi] = lowerWindow(i, n, windows);
    for (let j = lo; j < hi; j++) s[i * n + j] += s[j * n + i];
    s[i * n + i] *= 2;
  }
}

export function mirrorLowerToUpper(s: Float64Array, n: number, windows: ColumnWindows | null = null): void {
  for (let i = 0; i < n; i++) {
    const [lo, hi] = lowerWindow(i, n, windows);
    for (let j = lo; j < hi; j++) s[j * n + i] = s[i * n + j];
  }
}

/** x ← (x + xᵀ)/2 for the square matrix x of side n: a vector of the even-spin states. */
export function symmetrise(x: Float64Array, n: number, windows: ColumnWindows | null = null): void {
  for (let i = 0; i < n; i++) {
    const [lo, hi] = lowerWindow(i, n, windows);
    for (let j = lo; j < hi; j++) {
      const mean = 0.5 * (x[i * n + j] + x[j * n + i]);
      x[i * n + j] = mean;
      x[j * n + i] = mean;
    }
  }
}

/** The columns of row i strictly below the diagonal that its window holds. */
function lowerWindow(i: number, n: number, windows: ColumnWindows | null): [number, number] {
  return windows === null ? [0, i] : [windows.start[i], Math.min(windows.end[i], i)];
}
