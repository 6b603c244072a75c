import { describe, expect, it } from 'vitest';
import { blockedEigh } from '../src/linalg/blocked-eigh.ts';
import { eigh } from '../src/linalg/eigh.ts';
import { solveLinearSystem } from '../src/linalg/solve.ts';

/** Deterministic pseudo-random numbers in [−0.5, 0.5). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

function symmetric(n: number, entry: (i: number, j: number) => number): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      a[i * n + j] = entry(i, j);
      a[j * n + i] = a[i * n + j];
    }
  }
  return a;
}

function checkDecomposition(a: Float64Array, n: number): void {
  const copy = Float64Array.from(a);
  const { values, vectors } = eigh(a, n);
  expect(a).toEqual(copy);
  let scale = 1;
  for (const value of a) scale = Math.max(scale, Math.abs(value));
  let residual = 0;
  let orthogonality = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0) expect(values[k]).toBeGreaterThanOrEqual(values[k - 1]);
    for (let i = 0; i < n; i++) {
      let av = 0;
      for (let j = 0; j < n; j++) av += a[i * n + j] * vectors[j * n + k];
      residual = Math.max(residual, Math.abs(av - values[k] * vectors[i * n + k]));
    }
    for (let l = 0; l <= k; l++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += vectors[i * n + k] * vectors[i * n + l];
      orthogonality = Math.max(orthogonality, Math.abs(dot - (k === l ? 1 : 0)));
    }
  }
  expect(residual).toBeLessThan(1e-13 * scale * n);
  expect(orthogonality).toBeLessThan(1e-13 * n);
}

describe('eigh', () => {
  it.each([1, 2, 3, 7, 40, 120])('decomposes a random symmetric matrix of order %i', (n) => {
    const next = numbers(n);
    checkDecomposition(
      symmetric(n, () => next()),
      n,
    );
  });

  it('handles diagonal, degenerate and zero matrices', () => {
    checkDecomposition(
      symmetric(6, (i, j) => (i === j ? 5 - i : 0)),
      6,
    );
    checkDecomposition(
      symmetric(8, () => 1),
      8,
    );
    checkDecomposition(new Float64Array(25), 5);
    const blocks = symmetric(9, (i, j) =>
      Math.floor(i / 3) === Math.floor(j / 3) ? 1 + (i === j ? 1 : 0) : 0,
    );
    checkDecomposition(blocks, 9);
    expect(Array.from(eigh(blocks, 9).values, (v) => Math.round(v * 1e12) / 1e12)).toEqual([
      1, 1, 1, 1, 1, 1, 4, 4, 4,
    ]);
  });

  it('resolves eigenvalues spread over many orders of magnitude (overlap-like matrices)', () => {
    const n = 30;
    checkDecomposition(
      symmetric(n, (i, j) => Math.exp(-0.05 * (i - j) ** 2)),
      n,
    );
  });
});

describe('blockedEigh', () => {
  it('keeps each eigenvector in its block where eigenvalues of two blocks coincide', () => {
    // Rows 0, 2, 4 and rows 1, 3, 5 are two copies of one 3×3 block: every eigenvalue is doubly degenerate.
    const block = [4, 1, 0.5, 1, 3, 0.25, 0.5, 0.25, 2];
    const n = 6;
    const labels = [0, 1, 0, 1, 0, 1];
    const a = symmetric(n, (i, j) =>
      labels[i] === labels[j] ? block[Math.floor(i / 2) * 3 + Math.floor(j / 2)] : 0,
    );
    const { values, vectors, labels: vectorLabels } = blockedEigh(a, n, labels);
    for (let k = 0; k < n; k++) {
      if (k > 0) expect(values[k]).toBeGreaterThanOrEqual(values[k - 1]);
      for (let i = 0; i < n; i++) {
        if (labels[i] !== vectorLabels[k]) expect(vectors[i * n + k]).toBe(0);
        let av = 0;
        for (let j = 0; j < n; j++) av += a[i * n + j] * vectors[j * n + k];
        expect(av).toBeCloseTo(values[k] * vectors[i * n + k], 12);
      }
    }
    expect(Array.from(vectorLabels).sort()).toEqual([0, 0, 0, 1, 1, 1]);
    // One label is eigh itself.
    const one = blockedEigh(a, n, new Array(n).fill(7));
    expect(one.values).toEqual(eigh(a, n).values);
    expect(one.vectors).toEqual(eigh(a, n).vectors);
  });
});

describe('solveLinearSystem', () => {
  it('solves a well-conditioned system and leaves its inputs alone', () => {
    const next = numbers(3);
    const n = 9;
    const a = Float64Array.from({ length: n * n }, (_, k) => next() + (k % (n + 1) === 0 ? n : 0));
    const x = Float64Array.from({ length: n }, () => next());
    const b = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b[i] += a[i * n + j] * x[j];
    const before = Float64Array.from(a);
    const solution = solveLinearSystem(a, b, n);
    expect(a).toEqual(before);
    expect(solution).not.toBeNull();
    for (let i = 0; i < n; i++) expect(solution?.[i]).toBeCloseTo(x[i], 12);
  });

  it('returns null for a singular matrix', () => {
    expect(solveLinearSystem(Float64Array.of(1, 2, 2, 4), Float64Array.of(1, 1), 2)).toBeNull();
  });
});
