import { cartesianComponents, cartesianCount, cartesianIndex, gammaOfHalf } from './angular.ts';

/**
 * Real solid harmonics r^l·Y_lm as Cartesian polynomials: row m + l of the returned (2l+1) × ncart matrix
 * holds the coefficients of the Cartesian components (order of angular.ts) for m = −l … l.
 * Rows have Racah's normalisation, ∫ (S_lm / r^l)² dΩ = 4π/(2l+1), which makes s and p exactly their
 * Cartesian components; the remaining factor √((2l+1)/4π) goes with the radial part (shells.ts).
 * p functions come in Cartesian order x, y, z (m = 1, −1, 0), as PySCF orders them, so that the
 * matrices for l ≤ 1 are identities and the integral code may skip them.
 */
export function solidHarmonicMatrix(l: number): Float64Array {
  const cached = matrixCache[l];
  if (cached !== undefined) return cached;
  const ncart = cartesianCount(l);
  const matrix = new Float64Array((2 * l + 1) * ncart);
  if (l <= 1) {
    for (let m = 0; m < ncart; m++) matrix[m * ncart + m] = 1;
  } else {
    solidHarmonicPolynomials(l).forEach((row, m) => {
      const scale = Math.sqrt((4 * Math.PI) / (2 * l + 1) / angularNorm(row, l));
      for (let c = 0; c < ncart; c++) matrix[m * ncart + c] = row[c] * scale;
    });
  }
  matrixCache[l] = matrix;
  return matrix;
}

const matrixCache: Float64Array[] = [];

/**
 * Polynomials for m = −l … l built by the standard recurrences in l (Helgaker, Jørgensen & Olsen,
 * eqs. 6.4.70–6.4.72), which only need multiplication by x, y, z and r². Overall scale is fixed later.
 */
function solidHarmonicPolynomials(lmax: number): Float64Array[] {
  let previous: Float64Array[] = [];
  let current: Float64Array[] = [Float64Array.of(1)];
  for (let l = 0; l < lmax; l++) {
    const next: Float64Array[] = new Array<Float64Array>(2 * l + 3);
    const top = current[2 * l];
    const bottom = current[0];
    const edge = Math.sqrt(((l === 0 ? 2 : 1) * (2 * l + 1)) / (2 * l + 2));
    next[2 * l + 2] = combine(l + 1, [edge, times(top, l, 0)], [l === 0 ? 0 : -edge, times(bottom, l, 1)]);
    next[0] = combine(l + 1, [edge, times(top, l, 1)], [l === 0 ? 0 : edge, times(bottom, l, 0)]);
    for (let m = -l; m <= l; m++) {
      const norm = 1 / Math.sqrt((l + m + 1) * (l - m + 1));
      const zTerm = times(current[m + l], l, 2);
      const lower = Math.abs(m) <= l - 1 ? timesRSquared(previous[m + l - 1], l - 1) : undefined;
      next[m + l + 1] =
        lower === undefined
          ? combine(l + 1, [(2 * l + 1) * norm, zTerm])
          : combine(l + 1, [(2 * l + 1) * norm, zTerm], [-Math.sqrt((l + m) * (l - m)) * norm, lower]);
    }
    previous = current;
    current = next;
  }
  return current;
}

/** Multiplies a degree-l polynomial by x (axis 0), y (1) or z (2). */
function times(poly: Float64Array, l: number, axis: number): Float64Array {
  const out = new Float64Array(cartesianCount(l + 1));
  const components = cartesianComponents(l);
  for (let c = 0; c < poly.length; c++) {
    const e = [components[3 * c], components[3 * c + 1], components[3 * c + 2]];
    e[axis]++;
    out[cartesianIndex(e[0], e[1], e[2])] += poly[c];
  }
  return out;
}

function timesRSquared(poly: Float64Array, l: number): Float64Array {
  return combine(
    l + 2,
    [1, times(times(poly, l, 0), l + 1, 0)],
    [1, times(times(poly, l, 1), l + 1, 1)],
    [1, times(times(poly, l, 2), l + 1, 2)],
  );
}

function combine(l: number, ...terms: [number, Float64Array][]): Float64Array {
  const out = new Float64Array(cartesianCount(l));
  for (const [factor, poly] of terms) for (let c = 0; c < out.length; c++) out[c] += factor * poly[c];
  return out;
}

/**
 * ∫ (P/r^l)² dΩ over the unit sphere, from the Gaussian integral ∫ P² e^(−r²) d³r, which factorises into
 * one-dimensional moments Γ((n+1)/2) and equals the angular integral times Γ(l+3/2)/2.
 */
function angularNorm(poly: Float64Array, l: number): number {
  const components = cartesianComponents(l);
  const moment = (n: number): number => (n % 2 === 0 ? gammaOfHalf(n + 1) : 0);
  let integral = 0;
  for (let a = 0; a < poly.length; a++) {
    for (let b = 0; b < poly.length; b++) {
      let product = poly[a] * poly[b];
      for (let axis = 0; axis < 3; axis++)
        product *= moment(components[3 * a + axis] + components[3 * b + axis]);
      integral += product;
    }
  }
  return (2 * integral) / gammaOfHalf(2 * l + 3);
}
