import { eigh } from './eigh.ts';

/**
 * eigh for a symmetric matrix that is block-diagonal by `labels` (element (i, j) is zero unless rows i
 * and j carry the same label): each block is diagonalised on its own, so every eigenvector lies in one
 * block, even where eigenvalues of different blocks coincide (a full eigh may return any mix of such
 * degenerate vectors, decided by rounding). Eigenvalues ascending (ties in block order); eigenvector k
 * is column k of `vectors`, and `labels` gives each its block's label. One label: exactly eigh.
 */
export function blockedEigh(
  a: Float64Array,
  n: number,
  labels: ArrayLike<number>,
): { values: Float64Array; vectors: Float64Array; labels: Int32Array } {
  const blocks = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const rows = blocks.get(labels[i]);
    if (rows === undefined) blocks.set(labels[i], [i]);
    else rows.push(i);
  }
  const pairs: Array<{ value: number; label: number; rows: number[]; vectors: Float64Array; k: number }> = [];
  for (const [label, rows] of blocks) {
    const m = rows.length;
    const block = new Float64Array(m * m);
    rows.forEach((i, r) => rows.forEach((j, c) => (block[r * m + c] = a[i * n + j])));
    const { values, vectors } = eigh(block, m);
    values.forEach((value, k) => pairs.push({ value, label, rows, vectors, k }));
  }
  pairs.sort((p, q) => p.value - q.value);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  const columnLabels = new Int32Array(n);
  pairs.forEach(({ value, label, rows, vectors: block, k }, column) => {
    values[column] = value;
    columnLabels[column] = label;
    rows.forEach((i, r) => (vectors[i * n + column] = block[r * rows.length + k]));
  });
  return { values, vectors, labels: columnLabels };
}
