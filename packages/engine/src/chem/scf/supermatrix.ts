import { pairCount, pairIndex } from '../../linalg/packed.ts';

/**
 * Turns the packed integrals into the closed-shell "PK" supermatrix (Raffenetti), in place: for packed
 * pairs P = (ij), Q = (kl),
 *   PK_PQ = 2(ij|kl) − ½[(ik|jl) + (il|jk)],
 * symmetric in P ↔ Q, so that G = 2J(D) − K(D) becomes one pass of a packed symmetric matrix–vector
 * product with sequential memory access. Same packing and size as the integrals, and no second array:
 * see `recombine`.
 */
export function integralsToSupermatrix(values: Float64Array, n: number, signal?: AbortSignal): Float64Array {
  return recombine(values, n, 2, -0.5, signal);
}

/**
 * The inverse, also in place. With A = (ij|kl), B = (ik|jl) and C = (il|jk), the supermatrix holds
 * 2A − ½(B + C) at (ij, kl), 2B − ½(A + C) at (ik, jl) and 2C − ½(A + B) at (il, jk); solving these
 * three gives A = 0.6·PK(ij, kl) + 0.2·[PK(ik, jl) + PK(il, jk)].
 */
export function supermatrixToIntegrals(values: Float64Array, n: number, signal?: AbortSignal): Float64Array {
  return recombine(values, n, 0.6, 0.2, signal);
}

/**
 * values(ij, kl) ← direct·values(ij, kl) + exchange·[values(ik, jl) + values(il, jk)] for every packed
 * element, in place. An element whose largest index is i only reads elements whose largest index is i,
 * and those are one contiguous block of the packing (bra pairs (i, 0) … (i, i)): each block is copied
 * aside, at most n·n(n+1)/2 doubles, and rewritten from its copy. Returns `values`.
 */
function recombine(
  values: Float64Array,
  n: number,
  direct: number,
  exchange: number,
  signal?: AbortSignal,
): Float64Array {
  const block = new Float64Array(n * pairCount(n));
  let index = 0;
  for (let i = 0; i < n; i++) {
    signal?.throwIfAborted();
    const from = index;
    block.set(values.subarray(from, pairCount(pairIndex(i, i) + 1)));
    for (let j = 0; j <= i; j++) {
      for (let k = 0; k <= i; k++) {
        const ik = pairIndex(i, k);
        const jk = pairIndex(j, k);
        const lLast = k === i ? j : k;
        for (let l = 0; l <= lLast; l++, index++) {
          const swapped =
            block[pairIndex(ik, pairIndex(j, l)) - from] + block[pairIndex(pairIndex(i, l), jk) - from];
          values[index] = direct * block[index - from] + exchange * swapped;
        }
      }
    }
  }
  return values;
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
  // Two rows at a time, so that each load and store of packed[q] serves both.
  let p = 0;
  for (; p + 1 < pairs; p += 2) {
    const row = pairIndex(p, 0);
    const next = row + p + 1;
    const [xp, xNext] = [x[p], x[p + 1]];
    let sum = 0;
    let sumNext = 0;
    for (let q = 0; q < p; q++) {
      const value = pk[row + q];
      const valueNext = pk[next + q];
      const xq = x[q];
      sum += value * xq;
      sumNext += valueNext * xq;
      packed[q] += value * xp + valueNext * xNext;
    }
    const coupling = pk[next + p];
    packed[p] += sum + pk[row + p] * xp + coupling * xNext;
    packed[p + 1] += sumNext + coupling * xp + pk[next + p + 1] * xNext;
  }
  if (p < pairs) {
    const row = pairIndex(p, 0);
    const xp = x[p];
    let sum = 0;
    for (let q = 0; q < p; q++) {
      const value = pk[row + q];
      sum += value * x[q];
      packed[q] += value * xp;
    }
    packed[p] += sum + pk[row + p] * xp;
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
