/** Small dense kernels on row-major Float64Arrays, loop orders chosen for contiguous inner loops. */

/** C (m×n) = A (m×k) · B (k×n). */
export function multiply(a: Float64Array, b: Float64Array, m: number, k: number, n: number): Float64Array {
  const c = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    const row = i * n;
    for (let l = 0; l < k; l++) {
      const factor = a[i * k + l];
      if (factor === 0) continue;
      const bRow = l * n;
      for (let j = 0; j < n; j++) c[row + j] += factor * b[bRow + j];
    }
  }
  return c;
}

/** C (m×n) = Aᵀ · B for A (k×m) and B (k×n). */
export function multiplyTransposed(
  a: Float64Array,
  b: Float64Array,
  k: number,
  m: number,
  n: number,
): Float64Array {
  const c = new Float64Array(m * n);
  for (let l = 0; l < k; l++) {
    const bRow = l * n;
    for (let i = 0; i < m; i++) {
      const factor = a[l * m + i];
      if (factor === 0) continue;
      const row = i * n;
      for (let j = 0; j < n; j++) c[row + j] += factor * b[bRow + j];
    }
  }
  return c;
}

/** Cᵀ · M · C for M (n×n) and C (n×k): a change of basis. */
export function congruence(m: Float64Array, c: Float64Array, n: number, k: number): Float64Array {
  return multiplyTransposed(c, multiply(m, c, n, n, k), n, k, k);
}

/** Σ_ij A_ij B_ij. */
export function traceProduct(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** y[yAt … yAt+n) += a · x[xAt … xAt+n). Unrolled by four: V8 does not vectorise, and this halves loop overhead. */
export function addScaled(
  y: Float64Array,
  yAt: number,
  a: number,
  x: Float64Array,
  xAt: number,
  n: number,
): void {
  let k = 0;
  for (; k + 3 < n; k += 4) {
    y[yAt + k] += a * x[xAt + k];
    y[yAt + k + 1] += a * x[xAt + k + 1];
    y[yAt + k + 2] += a * x[xAt + k + 2];
    y[yAt + k + 3] += a * x[xAt + k + 3];
  }
  for (; k < n; k++) y[yAt + k] += a * x[xAt + k];
}
