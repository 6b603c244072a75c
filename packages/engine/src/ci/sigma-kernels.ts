/*
 * The loops of H·C (product-space.ts) that stay in JavaScript: the transposes of a symmetric C. Typed arrays and
 * indices only. The products themselves are WebAssembly (wasm/sigma-kernels.wat).
 */

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
