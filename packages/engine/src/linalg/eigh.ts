/**
 * Symmetric eigen-decomposition: Householder reduction to tridiagonal form, then the implicit QL
 * algorithm with Wilkinson-type shifts. O(n³), about 10× fewer operations than cyclic Jacobi.
 * `a` is row-major n×n and is not modified. Eigenvalues ascending; eigenvector k is column k of
 * `vectors` (vectors[i*n+k]).
 */
export function eigh(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const work = Float64Array.from(a.subarray(0, n * n));
  // Rows of `basis` are the columns of the accumulated orthogonal transformation, so that the QL
  // rotations below touch contiguous memory.
  const basis = new Float64Array(n * n);
  for (let i = 0; i < n; i++) basis[i * n + i] = 1;
  const diagonal = new Float64Array(n);
  const offDiagonal = new Float64Array(n);
  tridiagonalise(work, basis, n, diagonal, offDiagonal);
  diagonaliseTridiagonal(diagonal, offDiagonal, basis, n);
  return sortAscending(diagonal, basis, n);
}

/**
 * For k = 0 … n−3, a reflection H = I − β·v·vᵀ acting on rows/columns k+1 … n−1 zeroes column k below
 * the subdiagonal. The symmetric rank-2 update A ← HAH is applied as A −= v·wᵀ + w·vᵀ with
 * w = βAv − (β²/2)(vᵀAv)·v. `basis` row j accumulates column j of H₀H₁….
 */
function tridiagonalise(
  m: Float64Array,
  basis: Float64Array,
  n: number,
  diagonal: Float64Array,
  offDiagonal: Float64Array,
): void {
  const v = new Float64Array(n);
  const w = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    const start = k + 1;
    let tail = 0;
    for (let i = start + 1; i < n; i++) tail += m[i * n + k] ** 2;
    if (tail === 0) continue;
    const head = m[start * n + k];
    const norm = Math.sqrt(head * head + tail);
    const alpha = head > 0 ? -norm : norm;
    v.fill(0);
    v[start] = head - alpha;
    for (let i = start + 1; i < n; i++) v[i] = m[i * n + k];
    const beta = 2 / (v[start] * v[start] + tail);
    let vAv = 0;
    for (let i = start; i < n; i++) {
      let sum = 0;
      for (let j = start; j < n; j++) sum += m[i * n + j] * v[j];
      w[i] = beta * sum;
      vAv += v[i] * w[i];
    }
    const correction = 0.5 * beta * vAv;
    for (let i = start; i < n; i++) w[i] -= correction * v[i];
    for (let i = start; i < n; i++) {
      const row = i * n;
      for (let j = start; j < n; j++) m[row + j] -= v[i] * w[j] + w[i] * v[j];
    }
    for (let i = start + 1; i < n; i++) {
      m[i * n + k] = 0;
      m[k * n + i] = 0;
    }
    m[start * n + k] = alpha;
    m[k * n + start] = alpha;
    // Columns start… of the accumulated transformation Q ← Q·H, stored as rows of `basis`.
    for (let r = 0; r < n; r++) {
      let dot = 0;
      for (let j = start; j < n; j++) dot += basis[j * n + r] * v[j];
      if (dot === 0) continue;
      dot *= beta;
      for (let j = start; j < n; j++) basis[j * n + r] -= dot * v[j];
    }
  }
  for (let i = 0; i < n; i++) {
    diagonal[i] = m[i * n + i];
    offDiagonal[i] = i + 1 < n ? m[(i + 1) * n + i] : 0;
  }
}

/**
 * Implicit QL on the tridiagonal matrix (diagonal d, off-diagonal e[i] between i and i+1). Each sweep
 * deflates the leading block once some e[m] is negligible, chasing the bulge created by a shift taken
 * from the trailing 2×2 block of the unreduced part; rotations are applied to rows of `basis`.
 */
function diagonaliseTridiagonal(d: Float64Array, e: Float64Array, basis: Float64Array, n: number): void {
  for (let l = 0; l < n; l++) {
    for (let iteration = 0; ; iteration++) {
      let m = l;
      while (m < n - 1 && Math.abs(e[m]) > Number.EPSILON * (Math.abs(d[m]) + Math.abs(d[m + 1]))) m++;
      if (m === l) break;
      if (iteration === 60) throw new Error('eigh: QL iteration did not converge');
      let g = (d[l + 1] - d[l]) / (2 * e[l]);
      let r = Math.hypot(g, 1);
      g = d[m] - d[l] + e[l] / (g + (g >= 0 ? r : -r));
      let s = 1;
      let c = 1;
      let p = 0;
      let i = m - 1;
      for (; i >= l; i--) {
        const f = s * e[i];
        const b = c * e[i];
        r = Math.hypot(f, g);
        e[i + 1] = r;
        if (r === 0) {
          // Underflow: the matrix has split; restart on the shorter block.
          d[i + 1] -= p;
          e[m] = 0;
          break;
        }
        s = f / r;
        c = g / r;
        g = d[i + 1] - p;
        r = (d[i] - g) * s + 2 * c * b;
        p = s * r;
        d[i + 1] = g + p;
        g = c * r - b;
        rotateRows(basis, n, i, s, c);
      }
      if (r === 0 && i >= l) continue;
      d[l] -= p;
      e[l] = g;
      e[m] = 0;
    }
  }
}

function rotateRows(basis: Float64Array, n: number, i: number, s: number, c: number): void {
  const upper = i * n;
  const lower = upper + n;
  for (let k = 0; k < n; k++) {
    const x = basis[upper + k];
    const y = basis[lower + k];
    basis[lower + k] = s * x + c * y;
    basis[upper + k] = c * x - s * y;
  }
}

function sortAscending(
  diagonal: Float64Array,
  basis: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => diagonal[i] - diagonal[j]);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((source, target) => {
    values[target] = diagonal[source];
    for (let k = 0; k < n; k++) vectors[k * n + target] = basis[source * n + k];
  });
  return { values, vectors };
}
