import type { Molecule } from '../molecule.ts';
import { gammaOfHalf } from './angular.ts';
import type { StoredShell } from './data-format.ts';
import { elementShells } from './library.ts';

/**
 * A shell placed on an atom: one set of primitive exponents and one or more contractions of them
 * (a general contraction). Its functions are indexed offset + k·(2l+1) + m for contraction k.
 */
export interface Shell {
  l: number;
  /** Centre in bohr. */
  x: number;
  y: number;
  z: number;
  exponents: Float64Array;
  contractions: number;
  /**
   * coefficients[k·nprim + i] multiplies the primitive x^i y^j z^k e^(−α_i r²) in contraction k, with all
   * normalisation folded in: combined with solidHarmonicMatrix(l) they give functions of unit norm.
   */
  coefficients: Float64Array;
  /** Index of the shell's first spherical basis function. */
  offset: number;
  /** contractions · (2l+1). */
  size: number;
}

export interface BasisSet {
  shells: Shell[];
  /** Number of spherical basis functions. */
  nbf: number;
  maxL: number;
}

/**
 * Places the basis functions on the atoms. Stored shells of one atom that share l and exponents (the
 * Dunning sets' general contractions, which the source lists as separate shells) become one shell, so
 * that integral work over primitives is done once for all its contractions.
 */
export function buildBasisSet(molecule: Molecule, basisName: string): BasisSet {
  const shells: Shell[] = [];
  let nbf = 0;
  let maxL = 0;
  for (const atom of molecule.atoms) {
    for (const group of generalContractions(elementShells(basisName, atom.symbol))) {
      const { l, exponents } = group;
      const nprim = exponents.length;
      const coefficients = new Float64Array(group.coefficients.length * nprim);
      group.coefficients.forEach((row, k) =>
        coefficients.set(normalisedContraction(l, exponents, row), k * nprim),
      );
      const size = group.coefficients.length * (2 * l + 1);
      shells.push({
        l,
        x: atom.x,
        y: atom.y,
        z: atom.z,
        exponents: Float64Array.from(exponents),
        contractions: group.coefficients.length,
        coefficients,
        offset: nbf,
        size,
      });
      nbf += size;
      maxL = Math.max(maxL, l);
    }
  }
  return { shells, nbf, maxL };
}

interface ContractionGroup {
  l: number;
  exponents: number[];
  coefficients: number[][];
}

function generalContractions(stored: readonly StoredShell[]): ContractionGroup[] {
  const groups: ContractionGroup[] = [];
  for (const [l, exponents, coefficients] of stored) {
    const match = groups.find(
      (group) =>
        group.l === l &&
        group.exponents.length === exponents.length &&
        group.exponents.every((exponent, i) => exponent === exponents[i]),
    );
    if (match === undefined) groups.push({ l, exponents, coefficients: [coefficients] });
    else match.coefficients.push(coefficients);
  }
  return groups;
}

/**
 * Folds primitive normalisation (radial weight r^(2l+2)) into the published coefficients, then rescales
 * so that the contracted radial function has unit norm, as PySCF and psi4 do. The factor √((2l+1)/4π)
 * completes the Racah-normalised solid harmonics (solid-harmonics.ts) to unit-norm functions.
 */
function normalisedContraction(l: number, exponents: number[], coefficients: number[]): Float64Array {
  const gamma = gammaOfHalf(2 * l + 3);
  const power = l + 1.5;
  const d = Float64Array.from(
    exponents,
    (alpha, i) => coefficients[i] * Math.sqrt((2 * (2 * alpha) ** power) / gamma),
  );
  let norm = 0;
  for (let i = 0; i < d.length; i++) {
    for (let j = 0; j < d.length; j++)
      norm += (d[i] * d[j] * gamma) / (2 * (exponents[i] + exponents[j]) ** power);
  }
  const scale = Math.sqrt((2 * l + 1) / (4 * Math.PI) / norm);
  return d.map((value) => value * scale);
}
