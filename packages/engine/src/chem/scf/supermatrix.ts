import { pairCount, pairIndex } from '../../linalg/packed.ts';
import type { PackedIntegrals } from '../integrals/packed-integrals.ts';

/**
 * Turns the packed integrals into the closed-shell "PK" supermatrix (Raffenetti), in place: for packed
 * pairs P = (ij), Q = (kl),
 *   PK_PQ = 2(ij|kl) − ½[(ik|jl) + (il|jk)],
 * symmetric in P ↔ Q, so that G = 2J(D) − K(D) becomes one pass of a packed symmetric matrix–vector
 * product per symmetry block with sequential memory access. Same storage as the integrals (an element
 * that vanishes by symmetry has a vanishing supermatrix element too), and no second array: see `recombine`.
 */
export function integralsToSupermatrix(integrals: PackedIntegrals, signal?: AbortSignal): PackedIntegrals {
  return recombine(integrals, 2, -0.5, signal);
}

/**
 * The inverse, also in place. With A = (ij|kl), B = (ik|jl) and C = (il|jk), the supermatrix holds
 * 2A − ½(B + C) at (ij, kl), 2B − ½(A + C) at (ik, jl) and 2C − ½(A + B) at (il, jk); solving these
 * three gives A = 0.6·PK(ij, kl) + 0.2·[PK(ik, jl) + PK(il, jk)].
 */
export function supermatrixToIntegrals(supermatrix: PackedIntegrals, signal?: AbortSignal): PackedIntegrals {
  return recombine(supermatrix, 0.6, 0.2, signal);
}

/**
 * values(ij, kl) ← direct·values(ij, kl) + exchange·[values(ik, jl) + values(il, jk)] for every stored
 * element, in place. An element whose largest index is i only reads elements whose largest index is i:
 * in the plain packing those are one contiguous block (bra pairs (i, 0) … (i, i)), at most n·n(n+1)/2
 * doubles. Each such block is copied aside in that order (zero where symmetry stores nothing, since ij
 * and kl agreeing in parity does not make ik and jl agree with ij) and the stored elements rewritten from
 * the copy. Returns `integrals`.
 */
function recombine(
  integrals: PackedIntegrals,
  direct: number,
  exchange: number,
  signal?: AbortSignal,
): PackedIntegrals {
  const { nbf: n, values } = integrals;
  const block = new Float64Array(n * pairCount(n));
  let index = 0;
  for (let i = 0; i < n; i++) {
    signal?.throwIfAborted();
    const from = index;
    for (let ij = pairIndex(i, 0), at = 0; ij <= pairIndex(i, i); ij++)
      for (let kl = 0; kl <= ij; kl++, at++) block[at] = integrals.get(ij, kl);
    for (let j = 0; j <= i; j++) {
      const ij = pairIndex(i, j);
      for (let k = 0; k <= i; k++) {
        const ik = pairIndex(i, k);
        const jk = pairIndex(j, k);
        const lLast = k === i ? j : k;
        for (let l = 0; l <= lLast; l++, index++) {
          const stored = integrals.at(ij, pairIndex(k, l));
          if (stored < 0) continue;
          const swapped =
            block[pairIndex(ik, pairIndex(j, l)) - from] + block[pairIndex(pairIndex(i, l), jk) - from];
          values[stored] = direct * block[index - from] + exchange * swapped;
        }
      }
    }
  }
  return integrals;
}

/**
 * G = 2J(D) − K(D) for a per-spin density D (symmetric n×n), so that the closed-shell Fock matrix is
 * h + G. Off-diagonal density elements count twice, for D_kl and D_lk. Pairs of different symmetry
 * blocks do not meet, so each block is one packed symmetric product over its own pairs.
 */
export function twoElectronFock(pk: PackedIntegrals, d: Float64Array): Float64Array {
  const n = pk.nbf;
  const x = new Float64Array(pk.pairs);
  for (let i = 0, p = 0; i < n; i++)
    for (let j = 0; j <= i; j++, p++) x[p] = (i === j ? 1 : 2) * d[i * n + j];
  const packed = new Float64Array(pk.pairs);
  pk.members.forEach((members, c) => {
    const y = symmetricProduct(
      pk.values,
      pk.base[c],
      Float64Array.from(members, (ij) => x[ij]),
    );
    members.forEach((ij, r) => (packed[ij] = y[r]));
  });
  const g = new Float64Array(n * n);
  for (let i = 0, p = 0; i < n; i++) {
    for (let j = 0; j <= i; j++, p++) {
      g[i * n + j] = packed[p];
      g[j * n + i] = packed[p];
    }
  }
  return g;
}

/** M·x for the symmetric matrix M packed as a lower triangle from values[base], of x's size. */
function symmetricProduct(values: Float64Array, base: number, x: Float64Array): Float64Array {
  const pairs = x.length;
  const packed = new Float64Array(pairs);
  // Two rows at a time, so that each load and store of packed[q] serves both.
  let p = 0;
  for (; p + 1 < pairs; p += 2) {
    const row = base + pairIndex(p, 0);
    const next = row + p + 1;
    const [xp, xNext] = [x[p], x[p + 1]];
    let sum = 0;
    let sumNext = 0;
    for (let q = 0; q < p; q++) {
      const value = values[row + q];
      const valueNext = values[next + q];
      const xq = x[q];
      sum += value * xq;
      sumNext += valueNext * xq;
      packed[q] += value * xp + valueNext * xNext;
    }
    const coupling = values[next + p];
    packed[p] += sum + values[row + p] * xp + coupling * xNext;
    packed[p + 1] += sumNext + coupling * xp + values[next + p + 1] * xNext;
  }
  if (p < pairs) {
    const row = base + pairIndex(p, 0);
    const xp = x[p];
    let sum = 0;
    for (let q = 0; q < p; q++) {
      const value = values[row + q];
      sum += value * x[q];
      packed[q] += value * xp;
    }
    packed[p] += sum + values[row + p] * xp;
  }
  return packed;
}
