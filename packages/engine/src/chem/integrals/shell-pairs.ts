import { pairIndex } from '../../linalg/packed.ts';
import { cartesianComponents, cartesianCount } from '../basis/angular.ts';
import type { Shell } from '../basis/shells.ts';
import { hermiteCount, hermiteExpansion1D, hermiteLayout } from './hermite.ts';
import { toSphericalBlock } from './spherical-transform.ts';

/**
 * A shell pair's charge distributions expanded in Hermite Gaussians, precomputed once and reused by every
 * quartet the pair takes part in. For primitive pair k, Hermite function h and function product ab:
 * hermite[(k·nh + h)·nab + ab] = c_a c_b e^(−μR²_AB)/p · E^{ab}_{tuv}, with the 1/p of the ERI prefactor
 * 2π^(5/2)/(p q √(p+q)) folded in and the solid-harmonic transformation already applied.
 */
export interface ShellPair {
  first: Shell;
  second: Shell;
  /** la + lb. */
  l: number;
  /** Products of the two shells' functions (all contractions): ab = a · second.size + b. */
  nab: number;
  /** Hermite functions t+u+v ≤ l. */
  nh: number;
  primitives: number;
  exponents: Float64Array;
  px: Float64Array;
  py: Float64Array;
  pz: Float64Array;
  hermite: Float64Array;
  /** `hermite` times (−1)^(t+u+v), the form the ket side of a quartet needs. */
  hermiteKet: Float64Array;
  /** Packed basis-function pair index (linalg/packed.ts) of each product ab. */
  pairIndices: Float64Array;
  /**
   * Hermite functions h whose coefficients are not all zero. One-centre pairs and pairs on a coordinate
   * axis or plane leave many exactly zero; the quartet loops run over these only.
   */
  rows: Int32Array;
}

export function buildShellPair(first: Shell, second: Shell): ShellPair {
  const l = first.l + second.l;
  const nab = first.size * second.size;
  const nh = hermiteCount(l);
  const primitives = first.exponents.length * second.exponents.length;
  const pair: ShellPair = {
    first,
    second,
    l,
    nab,
    nh,
    primitives,
    exponents: new Float64Array(primitives),
    px: new Float64Array(primitives),
    py: new Float64Array(primitives),
    pz: new Float64Array(primitives),
    hermite: new Float64Array(primitives * nh * nab),
    hermiteKet: new Float64Array(primitives * nh * nab),
    pairIndices: new Float64Array(nab),
    rows: new Int32Array(0),
  };
  for (let a = 0; a < first.size; a++) {
    for (let b = 0; b < second.size; b++) {
      pair.pairIndices[a * second.size + b] = pairIndex(first.offset + a, second.offset + b);
    }
  }
  fillPrimitives(pair);
  pair.rows = Int32Array.from(nonZeroRows(pair));
  return pair;
}

function fillPrimitives(pair: ShellPair): void {
  const { first: a, second: b, l, nh, nab } = pair;
  const la = a.l;
  const lb = b.l;
  const compA = cartesianComponents(la);
  const compB = cartesianComponents(lb);
  const nca = cartesianCount(la);
  const ncb = cartesianCount(lb);
  const na = 2 * la + 1;
  const nb = 2 * lb + 1;
  const eSize = (la + 1) * (lb + 1) * (l + 1);
  const ex = new Float64Array(eSize);
  const ey = new Float64Array(eSize);
  const ez = new Float64Array(eSize);
  const cartesian = new Float64Array(nh * nca * ncb);
  const spherical = new Float64Array(nh * na * nb);
  const layout = hermiteLayout(l);
  const tStride = l + 1;
  const iStride = (lb + 1) * tStride;
  const ab2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;
  const nprimA = a.exponents.length;
  const nprimB = b.exponents.length;
  let k = 0;
  for (let i = 0; i < nprimA; i++) {
    for (let j = 0; j < nprimB; j++, k++) {
      const alpha = a.exponents[i];
      const beta = b.exponents[j];
      const p = alpha + beta;
      const px = (alpha * a.x + beta * b.x) / p;
      const py = (alpha * a.y + beta * b.y) / p;
      const pz = (alpha * a.z + beta * b.z) / p;
      pair.exponents[k] = p;
      pair.px[k] = px;
      pair.py[k] = py;
      pair.pz[k] = pz;
      const weight = Math.exp((-alpha * beta * ab2) / p) / p;
      hermiteExpansion1D(ex, la, lb, p, px - a.x, px - b.x);
      hermiteExpansion1D(ey, la, lb, p, py - a.y, py - b.y);
      hermiteExpansion1D(ez, la, lb, p, pz - a.z, pz - b.z);
      for (let h = 0; h < nh; h++) {
        const t = layout.t[h];
        const u = layout.u[h];
        const v = layout.v[h];
        for (let ca = 0; ca < nca; ca++) {
          const xi = compA[3 * ca];
          const yi = compA[3 * ca + 1];
          const zi = compA[3 * ca + 2];
          for (let cb = 0; cb < ncb; cb++) {
            const xj = compB[3 * cb];
            const yj = compB[3 * cb + 1];
            const zj = compB[3 * cb + 2];
            cartesian[(h * nca + ca) * ncb + cb] =
              t > xi + xj || u > yi + yj || v > zi + zj
                ? 0
                : weight *
                  ex[xi * iStride + xj * tStride + t] *
                  ey[yi * iStride + yj * tStride + u] *
                  ez[zi * iStride + zj * tStride + v];
          }
        }
        toSphericalBlock(cartesian, la, lb, spherical, h * nca * ncb, h * na * nb);
      }
      // Every contraction pair (ka, kb) reuses the primitive expansion, scaled by its coefficients.
      for (let ka = 0; ka < a.contractions; ka++) {
        for (let kb = 0; kb < b.contractions; kb++) {
          const coefficient = a.coefficients[ka * nprimA + i] * b.coefficients[kb * nprimB + j];
          for (let h = 0; h < nh; h++) {
            const sign = layout.signs[h];
            const rowStart = (k * nh + h) * nab;
            for (let ma = 0; ma < na; ma++) {
              const at = rowStart + (ka * na + ma) * b.size + kb * nb;
              const from = (h * na + ma) * nb;
              for (let mb = 0; mb < nb; mb++) {
                const value = coefficient * spherical[from + mb];
                pair.hermite[at + mb] = value;
                pair.hermiteKet[at + mb] = sign * value;
              }
            }
          }
        }
      }
    }
  }
}

function nonZeroRows(pair: ShellPair): number[] {
  const rows: number[] = [];
  for (let h = 0; h < pair.nh; h++) {
    let nonZero = false;
    for (let k = 0; k < pair.primitives && !nonZero; k++) {
      const at = (k * pair.nh + h) * pair.nab;
      for (let ab = 0; ab < pair.nab && !nonZero; ab++) nonZero = pair.hermite[at + ab] !== 0;
    }
    if (nonZero) rows.push(h);
  }
  return rows;
}

/** The same pair restricted to the given primitive pairs (indices into the pair's primitive arrays). */
export function primitiveSubset(pair: ShellPair, kept: readonly number[]): ShellPair {
  const block = pair.nh * pair.nab;
  const pick = (values: Float64Array, width: number): Float64Array => {
    const out = new Float64Array(kept.length * width);
    kept.forEach((k, i) => out.set(values.subarray(k * width, (k + 1) * width), i * width));
    return out;
  };
  const subset: ShellPair = {
    ...pair,
    primitives: kept.length,
    exponents: pick(pair.exponents, 1),
    px: pick(pair.px, 1),
    py: pick(pair.py, 1),
    pz: pick(pair.pz, 1),
    hermite: pick(pair.hermite, block),
    hermiteKet: pick(pair.hermiteKet, block),
  };
  subset.rows = Int32Array.from(nonZeroRows(subset));
  return subset;
}
