import { blockedEigh } from '../../linalg/blocked-eigh.ts';

/** Overlap eigenvalues below this mark near-linear dependence; those combinations are dropped. */
export const LINEAR_DEPENDENCE_THRESHOLD = 1e-8;

/**
 * Canonical orthogonalisation X = U·s^(−1/2) over the overlap eigenvectors kept, so that XᵀSX = 1.
 * Without near-linear dependence this spans the whole basis and energies equal those of S^(−1/2).
 * `labels` are the functions' symmetry classes (PackedIntegrals.functionClasses): each column of X lies
 * in one class, and `columnLabels` says which.
 */
export function canonicalOrthogonaliser(
  overlap: Float64Array,
  nbf: number,
  labels: ArrayLike<number>,
): { x: Float64Array; nmo: number; columnLabels: Int32Array } {
  const { values, vectors, labels: vectorLabels } = blockedEigh(overlap, nbf, labels);
  const kept: number[] = [];
  values.forEach((value, k) => {
    if (value > LINEAR_DEPENDENCE_THRESHOLD) kept.push(k);
  });
  const nmo = kept.length;
  const x = new Float64Array(nbf * nmo);
  kept.forEach((k, column) => {
    const scale = 1 / Math.sqrt(values[k]);
    for (let i = 0; i < nbf; i++) x[i * nmo + column] = vectors[i * nbf + k] * scale;
  });
  return { x, nmo, columnLabels: Int32Array.from(kept, (k) => vectorLabels[k]) };
}
