import { pairCount, pairIndex } from '../../linalg/packed.ts';
import { cartesianComponents, cartesianCount } from '../basis/angular.ts';
import { solidHarmonicMatrix } from '../basis/solid-harmonics.ts';
import type { BasisSet, Shell } from '../basis/shells.ts';

/**
 * Two centres closer than this (bohr) count as one. Far below what moves an integral by 1e-12, and above the
 * rounding of a geometry given as mirror-image coordinates.
 */
const SAME_CENTRE = 1e-12;

/**
 * A reflection through one, two or three coordinate planes (x → −x for each axis in the set: the operations
 * of D2h and its subgroups in this orientation) that carries the basis onto itself. Each real solid harmonic
 * is even or odd under such a reflection, so basis function μ goes to ±1 times basis function image(μ), and
 * (ij|kl) = s_i s_j s_k s_l (i'j'|k'l'): two-electron integrals need only be computed once per orbit.
 */
export interface BasisReflection {
  /** For shell pair pairIndex(a, b), the order electronRepulsionIntegrals builds them in: the image pair. */
  shellPairs: Int32Array;
  /** For packed function pair ij: the packed pair (image(i), image(j)). */
  pairs: Int32Array;
  /** For packed function pair ij: s_i · s_j. */
  pairSigns: Float64Array;
}

/** The reflections, other than the identity, under which the basis is unchanged; none for most molecules. */
export function basisReflections(basis: BasisSet): BasisReflection[] {
  const reflections: BasisReflection[] = [];
  for (let axes = 1; axes < 8; axes++) {
    const reflection = reflect(basis, axes);
    if (reflection !== null) reflections.push(reflection);
  }
  return reflections;
}

/** `axes`: bit 0 flips x, bit 1 y, bit 2 z. */
function reflect(basis: BasisSet, axes: number): BasisReflection | null {
  const { shells, nbf } = basis;
  const flip = [axes & 1 ? -1 : 1, axes & 2 ? -1 : 1, axes & 4 ? -1 : 1];
  const shellImages = new Int32Array(shells.length);
  const functions = new Int32Array(nbf);
  const signs = new Float64Array(nbf);
  for (let s = 0; s < shells.length; s++) {
    const shell = shells[s];
    const image = imageShell(shells, s, flip);
    if (image === -1) return null;
    shellImages[s] = image;
    const parities = harmonicParities(shell.l, axes);
    const width = 2 * shell.l + 1;
    for (let f = 0; f < shell.size; f++) {
      functions[shell.offset + f] = shells[image].offset + f;
      signs[shell.offset + f] = parities[f % width];
    }
  }
  const shellPairs = new Int32Array(pairCount(shells.length));
  for (let a = 0, ab = 0; a < shells.length; a++)
    for (let b = 0; b <= a; b++, ab++) shellPairs[ab] = pairIndex(shellImages[a], shellImages[b]);
  const pairs = new Int32Array(pairCount(nbf));
  const pairSigns = new Float64Array(pairCount(nbf));
  for (let i = 0, ij = 0; i < nbf; i++) {
    for (let j = 0; j <= i; j++, ij++) {
      pairs[ij] = pairIndex(functions[i], functions[j]);
      pairSigns[ij] = signs[i] * signs[j];
    }
  }
  return { shellPairs, pairs, pairSigns };
}

/**
 * The shell at the mirrored centre that holds the same place among that centre's shells, with the same
 * functions; −1 when there is none (the reflection is not a symmetry).
 */
function imageShell(shells: readonly Shell[], s: number, flip: readonly number[]): number {
  const shell = shells[s];
  const at = (other: Shell, x: number, y: number, z: number) =>
    Math.abs(other.x - x) <= SAME_CENTRE &&
    Math.abs(other.y - y) <= SAME_CENTRE &&
    Math.abs(other.z - z) <= SAME_CENTRE;
  const rank = shells.slice(0, s).filter((other) => at(other, shell.x, shell.y, shell.z)).length;
  const [x, y, z] = [flip[0] * shell.x, flip[1] * shell.y, flip[2] * shell.z];
  const candidates = shells.flatMap((other, index) => (at(other, x, y, z) ? [index] : []));
  const image = candidates[rank];
  return image !== undefined && sameFunctions(shell, shells[image]) ? image : -1;
}

function sameFunctions(a: Shell, b: Shell): boolean {
  const equal = (u: Float64Array, v: Float64Array) =>
    u.length === v.length && u.every((value, i) => value === v[i]);
  return (
    a.l === b.l &&
    a.contractions === b.contractions &&
    equal(a.exponents, b.exponents) &&
    equal(a.coefficients, b.coefficients)
  );
}

/** ±1 for each real solid harmonic m of degree l: the parity of its monomials under the reflection. */
function harmonicParities(l: number, axes: number): Float64Array {
  const matrix = solidHarmonicMatrix(l);
  const ncart = cartesianCount(l);
  const components = cartesianComponents(l);
  return Float64Array.from({ length: 2 * l + 1 }, (_, m) => {
    const c = matrix.subarray(m * ncart, (m + 1) * ncart).findIndex((value) => value !== 0);
    let odd = 0;
    for (let axis = 0; axis < 3; axis++) if (axes & (1 << axis)) odd += components[3 * c + axis];
    return odd % 2 === 0 ? 1 : -1;
  });
}
