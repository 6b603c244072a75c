import { boys, BOYS_MAX_ORDER } from './boys.ts';

/**
 * McMurchie–Davidson building blocks: Hermite expansion coefficients of Gaussian products and Hermite
 * Coulomb integrals R_tuv.
 */

/**
 * Stride of the dense (t, u, v) layout of R: index (t·S + u)·S + v. With one fixed stride, the index of
 * R_{t+τ,u+ν,v+φ} is the sum of the indices of (t,u,v) and (τ,ν,φ), which the ERI loops rely on.
 */
export const HERMITE_STRIDE = BOYS_MAX_ORDER + 1;
export const HERMITE_SIZE = HERMITE_STRIDE ** 3;

/**
 * One-dimensional E^{ij}_t (i ≤ imax, j ≤ jmax, t ≤ i + j) for the product of x_A^i e^(−a x_A²) and
 * x_B^j e^(−b x_B²), without the factor e^(−μ X_AB²). Stored at (i·(jmax+1) + j)·(imax+jmax+1) + t.
 */
export function hermiteExpansion1D(
  out: Float64Array,
  imax: number,
  jmax: number,
  p: number,
  xpa: number,
  xpb: number,
): void {
  const tStride = imax + jmax + 1;
  const iStride = (jmax + 1) * tStride;
  out.fill(0, 0, (imax + 1) * iStride);
  const halfInverseP = 0.5 / p;
  out[0] = 1;
  for (let i = 0; i <= imax; i++) {
    const row = i * iStride;
    if (i > 0) raise(out, row - iStride, row, i - 1, halfInverseP, xpa);
    for (let j = 0; j < jmax; j++)
      raise(out, row + j * tStride, row + (j + 1) * tStride, i + j, halfInverseP, xpb);
  }
}

/** E_{next,t} = E_{t−1}/(2p) + X·E_t + (t+1)·E_{t+1}, for a source block whose top order is `top`. */
function raise(
  e: Float64Array,
  from: number,
  to: number,
  top: number,
  halfInverseP: number,
  x: number,
): void {
  for (let t = 0; t <= top + 1; t++) {
    let value = t <= top ? x * e[from + t] : 0;
    if (t > 0) value += halfInverseP * e[from + t - 1];
    if (t < top) value += (t + 1) * e[from + t + 1];
    e[to + t] = value;
  }
}

/** Number of Hermite functions (t, u, v) with t + u + v ≤ l. */
export function hermiteCount(l: number): number {
  return ((l + 1) * (l + 2) * (l + 3)) / 6;
}

/**
 * The Hermite functions with t + u + v ≤ l in a fixed order: their positions in the R layout, and the
 * signs (−1)^(t+u+v) that ket expansions carry.
 */
export interface HermiteLayout {
  offsets: Int32Array;
  signs: Float64Array;
  t: Int32Array;
  u: Int32Array;
  v: Int32Array;
}

const layoutCache: HermiteLayout[] = [];

export function hermiteLayout(l: number): HermiteLayout {
  const cached = layoutCache[l];
  if (cached !== undefined) return cached;
  const count = hermiteCount(l);
  const layout: HermiteLayout = {
    offsets: new Int32Array(count),
    signs: new Float64Array(count),
    t: new Int32Array(count),
    u: new Int32Array(count),
    v: new Int32Array(count),
  };
  let h = 0;
  for (let t = 0; t <= l; t++) {
    for (let u = 0; u <= l - t; u++) {
      for (let v = 0; v <= l - t - u; v++) {
        layout.offsets[h] = (t * HERMITE_STRIDE + u) * HERMITE_STRIDE + v;
        layout.signs[h] = (t + u + v) % 2 === 0 ? 1 : -1;
        layout.t[h] = t;
        layout.u[h] = u;
        layout.v[h] = v;
        h++;
      }
    }
  }
  layoutCache[l] = layout;
  return layout;
}

/**
 * The in-place recursion for R as flat instruction arrays. Entries (t, u, v) with 1 ≤ t+u+v ≤ BOYS_MAX_ORDER
 * are listed by descending t+u+v; each is raised along one axis a (x if t > 0, else y if u > 0, else z):
 *   R_e = (e_a − 1)·R_{e−2a} + X_a·R_{e−a}   (all on the next order n+1).
 * For a total order L and level n, the entries with t+u+v ≤ L − n are a suffix of the list.
 */
const recursion = buildRecursionPlan();

function buildRecursionPlan(): {
  target: Int32Array;
  previous: Int32Array;
  beforePrevious: Int32Array;
  factor: Float64Array;
  axis: Int32Array;
  /** suffixStart[k]: first entry with t+u+v ≤ k. */
  suffixStart: Int32Array;
} {
  const strides = [HERMITE_STRIDE * HERMITE_STRIDE, HERMITE_STRIDE, 1];
  const entries: [number, number, number, number, number][] = [];
  const suffixStart = new Int32Array(BOYS_MAX_ORDER + 1);
  for (let total = BOYS_MAX_ORDER; total >= 1; total--) {
    for (let t = total; t >= 0; t--) {
      for (let u = total - t; u >= 0; u--) {
        const e = [t, u, total - t - u];
        const axis = t > 0 ? 0 : u > 0 ? 1 : 2;
        const at = e[0] * strides[0] + e[1] * strides[1] + e[2];
        const stride = strides[axis];
        // With factor 0 the second source is unused; any valid index keeps 0·R finite.
        entries.push([at, at - stride, e[axis] > 1 ? at - 2 * stride : 0, e[axis] - 1, axis]);
      }
    }
    suffixStart[total - 1] = entries.length;
  }
  suffixStart[BOYS_MAX_ORDER] = 0;
  return {
    target: Int32Array.from(entries, (entry) => entry[0]),
    previous: Int32Array.from(entries, (entry) => entry[1]),
    beforePrevious: Int32Array.from(entries, (entry) => entry[2]),
    factor: Float64Array.from(entries, (entry) => entry[3]),
    axis: Int32Array.from(entries, (entry) => entry[4]),
    suffixStart,
  };
}

/**
 * Scratch for hermiteCoulomb (Boys values, then the displacement X, Y, Z); one per caller, so nothing is
 * allocated per integral.
 */
export function boysScratch(): Float64Array {
  return new Float64Array(BOYS_MAX_ORDER + 4);
}

/**
 * R_tuv(α, X, Y, Z) · scale for t + u + v ≤ l, in the HERMITE_STRIDE layout. Each order n is derived from
 * order n+1 in place, going from the highest t+u+v down so that the inputs are still those of order n+1.
 */
export function hermiteCoulomb(
  out: Float64Array,
  l: number,
  alpha: number,
  x: number,
  y: number,
  z: number,
  scale: number,
  scratch: Float64Array,
): void {
  boys(l, alpha * (x * x + y * y + z * z), scratch);
  if (l === 0) {
    out[0] = scale * scratch[0];
    return;
  }
  const { target, previous, beforePrevious, factor, axis, suffixStart } = recursion;
  const displacement = BOYS_MAX_ORDER + 1;
  scratch[displacement] = x;
  scratch[displacement + 1] = y;
  scratch[displacement + 2] = z;
  const minus2Alpha = -2 * alpha;
  let power = scale;
  for (let n = 0; n < l; n++) power *= minus2Alpha;
  out[0] = power * scratch[l];
  for (let n = l - 1; n >= 0; n--) {
    power /= minus2Alpha;
    const end = suffixStart[0];
    for (let k = suffixStart[l - n]; k < end; k++) {
      out[target[k]] =
        factor[k] * out[beforePrevious[k]] + scratch[displacement + axis[k]] * out[previous[k]];
    }
    out[0] = power * scratch[n];
  }
}
