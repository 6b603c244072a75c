/**
 * Cartesian components x^i y^j z^k of degree l, ordered i descending then j descending
 * (xx, xy, xz, yy, yz, zz for l = 2). Integral code and solid harmonics share this order.
 */

export function cartesianCount(l: number): number {
  return ((l + 1) * (l + 2)) / 2;
}

/** Position of x^i y^j z^k among the components of degree i + j + k. */
export function cartesianIndex(i: number, j: number, k: number): number {
  const rest = j + k;
  return (rest * (rest + 1)) / 2 + k;
}

const componentCache: Int32Array[] = [];

/** Exponent triples of degree l, flattened: [i0, j0, k0, i1, j1, k1, …]. */
export function cartesianComponents(l: number): Int32Array {
  let components = componentCache[l];
  if (components === undefined) {
    components = new Int32Array(3 * cartesianCount(l));
    let c = 0;
    for (let i = l; i >= 0; i--) {
      for (let j = l - i; j >= 0; j--) {
        components[c++] = i;
        components[c++] = j;
        components[c++] = l - i - j;
      }
    }
    componentCache[l] = components;
  }
  return components;
}

/** Γ(n/2) for a positive integer n, exactly as the integer/half-integer recurrence gives it. */
export function gammaOfHalf(n: number): number {
  let value = n % 2 === 0 ? 1 : Math.sqrt(Math.PI);
  for (let twiceX = 2 - (n % 2); twiceX < n; twiceX += 2) value *= twiceX / 2;
  return value;
}
