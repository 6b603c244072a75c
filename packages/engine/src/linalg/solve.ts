/**
 * Solves A·x = b (A n×n row-major, neither input modified) by Gaussian elimination with partial
 * pivoting. Returns null when A is singular to working precision, which callers treat as a signal to
 * shrink their problem (e.g. DIIS dropping its oldest vector).
 */
export function solveLinearSystem(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  let scale = 0;
  for (const value of m) scale = Math.max(scale, Math.abs(value));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row * n + col]) > Math.abs(m[pivot * n + col])) pivot = row;
    if (Math.abs(m[pivot * n + col]) <= 1e-14 * scale) return null;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [m[col * n + k], m[pivot * n + k]] = [m[pivot * n + k], m[col * n + k]];
      [x[col], x[pivot]] = [x[pivot], x[col]];
    }
    for (let row = col + 1; row < n; row++) {
      const factor = m[row * n + col] / m[col * n + col];
      if (factor === 0) continue;
      for (let k = col; k < n; k++) m[row * n + k] -= factor * m[col * n + k];
      x[row] -= factor * x[col];
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = x[row];
    for (let k = row + 1; k < n; k++) sum -= m[row * n + k] * x[k];
    x[row] = sum / m[row * n + row];
  }
  return x;
}
