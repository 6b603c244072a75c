import { pairCount, pairIndex } from '../../linalg/packed.ts';

/**
 * The closed-shell "PK" supermatrix (Raffenetti): for packed pairs P = (ij), Q = (kl),
 *   PK_PQ = 2(ij|kl) − ½[(ik|jl) + (il|jk)],
 * symmetric in P ↔ Q, so that G = 2J(D) − K(D) becomes one pass of a packed symmetric matrix–vector
 * product with sequential memory access. Same packing and size as the integrals.
 */
export function buildSupermatrix(eri: Float64Array, n: number, signal?: AbortSignal): Float64Array {
  const pk = new Float64Array(eri.length);
  let index = 0;
  for (let i = 0; i < n; i++) {
    signal?.throwIfAborted();
    for (let j = 0; j <= i; j++) {
      for (let k = 0; k <= i; k++) {
        const ik = pairIndex(i, k);
        const jk = pairIndex(j, k);
        const lLast = k === i ? j : k;
        for (let l = 0; l <= lLast; l++, index++) {
          const exchange = eri[pairIndex(ik, pairIndex(j, l))] + eri[pairIndex(pairIndex(i, l), jk)];
          pk[index] = 2 * eri[index] - 0.5 * exchange;
        }
      }
    }
  }
  return pk;
}

/**
 * G = 2J(D) − K(D) for a per-spin density D (symmetric n×n), so that the closed-shell Fock matrix is
 * h + G. Off-diagonal density elements count twice, for D_kl and D_lk.
 */
export function twoElectronFock(pk: Float64Array, d: Float64Array, n: number): Float64Array {
  const pairs = pairCount(n);
  const x = new Float64Array(pairs);
  for (let i = 0, p = 0; i < n; i++)
    for (let j = 0; j <= i; j++, p++) x[p] = (i === j ? 1 : 2) * d[i * n + j];
  const packed = new Float64Array(pairs);
  let index = 0;
  for (let p = 0; p < pairs; p++) {
    const xp = x[p];
    let sum = 0;
    for (let q = 0; q < p; q++, index++) {
      const value = pk[index];
      sum += value * x[q];
      packed[q] += value * xp;
    }
    packed[p] += sum + pk[index++] * xp;
  }
  const g = new Float64Array(n * n);
  for (let i = 0, p = 0; i < n; i++) {
    for (let j = 0; j <= i; j++, p++) {
      g[i * n + j] = packed[p];
      g[j * n + i] = packed[p];
    }
  }
  return g;
}
