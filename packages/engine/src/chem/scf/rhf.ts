import { congruence, multiply, traceProduct } from '../../linalg/dense.ts';
import { blockedEigh } from '../../linalg/blocked-eigh.ts';
import { EngineInputError } from '../errors.ts';
import type { PackedIntegrals } from '../integrals/packed-integrals.ts';
import { Diis } from './diis.ts';
import { canonicalOrthogonaliser } from './orthogonaliser.ts';
import { twoElectronFock } from './supermatrix.ts';

export const ENERGY_TOLERANCE = 1e-10;
/** Largest element of the orthogonal-basis commutator FDS − SDF at convergence. */
export const COMMUTATOR_TOLERANCE = 1e-8;
export const MAX_ITERATIONS = 128;

export interface RhfInput {
  nbf: number;
  nocc: number;
  nuclearRepulsion: number;
  overlap: Float64Array;
  coreHamiltonian: Float64Array;
  /** Closed-shell supermatrix of the two-electron integrals (scf/supermatrix.ts). */
  supermatrix: PackedIntegrals;
  /** Per-spin density to start from (scf/sad.ts); without it, the core Hamiltonian's orbitals. */
  guess?: Float64Array;
  /**
   * Electrons of a partly filled level spread equally over its orbitals, `nocc` electrons per spin in
   * all (possibly a fraction): the spherically averaged atoms of the SAD guess.
   */
  averageOpenLevel?: boolean;
}

export interface RhfResult {
  energy: number;
  /** Number of molecular orbitals (nbf unless near-linear dependence removed some). */
  nmo: number;
  /** MO coefficients, row-major nbf × nmo, columns in ascending orbital energy. */
  orbitals: Float64Array;
  orbitalEnergies: Float64Array;
  /** Per-spin density of those orbitals. */
  density: Float64Array;
  iterations: number;
}

/** Closed-shell SCF from the given guess (or the core Hamiltonian), accelerated by DIIS. */
export function runRhf(
  input: RhfInput,
  options: { signal?: AbortSignal; onLog?: (line: string) => void } = {},
): RhfResult {
  const { nbf, nocc, overlap, coreHamiltonian: h, supermatrix, nuclearRepulsion } = input;
  // Orbitals of one symmetry class each (PackedIntegrals): degenerate ones, such as N2's π pair, come out
  // as πx and πy rather than a mix that rounding decides.
  const { x, nmo, columnLabels } = canonicalOrthogonaliser(overlap, nbf, supermatrix.functionClasses());
  if (nmo < nbf) options.onLog?.(`RHF: dropped ${nbf - nmo} near-linearly-dependent combinations`);
  if (nmo < nocc) throw new EngineInputError('the basis set has fewer orbitals than occupied orbitals');
  const diagonalise = (fock: Float64Array): Orbitals => {
    const { values, vectors } = blockedEigh(congruence(fock, x, nbf, nmo), nmo, columnLabels);
    return { orbitals: multiply(x, vectors, nbf, nmo, nmo), energies: values };
  };
  let orbitals = diagonalise(
    input.guess === undefined ? h : addMatrices(h, twoElectronFock(supermatrix, input.guess)),
  );
  let previousEnergy = Number.NaN;
  const diis = new Diis();
  for (let iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
    options.signal?.throwIfAborted();
    const density = densityOf(input, orbitals, nmo);
    const fock = addMatrices(h, twoElectronFock(supermatrix, density));
    const energy = traceProduct(density, h) + traceProduct(density, fock) + nuclearRepulsion;
    const error = commutatorError(fock, density, overlap, x, nbf, nmo);
    const errorMax = error.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    if (!Number.isFinite(energy)) throw new Error(`RHF: energy is ${energy} in iteration ${iteration}`);
    const change = energy - previousEnergy;
    const changeText = iteration === 1 ? '—' : change.toExponential(2);
    options.onLog?.(
      `RHF iteration ${iteration}: E = ${energy.toFixed(12)}  ΔE = ${changeText}  max|[F,D]| = ${errorMax.toExponential(2)}`,
    );
    if (Math.abs(change) < ENERGY_TOLERANCE && errorMax < COMMUTATOR_TOLERANCE) {
      return canonicalResult(input, diagonalise(fock), nmo, iteration);
    }
    previousEnergy = energy;
    orbitals = diagonalise(diis.extrapolate(fock, error));
  }
  throw new EngineInputError(
    `RHF did not converge in ${MAX_ITERATIONS} iterations (the geometry may be unreasonable for a closed-shell state)`,
  );
}

/**
 * Final orbitals diagonalise the converged (not extrapolated) Fock matrix, and the energy is recomputed
 * from exactly those orbitals, so that downstream reference energies agree with it to rounding.
 */
function canonicalResult(input: RhfInput, canonical: Orbitals, nmo: number, iterations: number): RhfResult {
  const { coreHamiltonian: h, supermatrix, nuclearRepulsion } = input;
  const density = densityOf(input, canonical, nmo);
  const fock = addMatrices(h, twoElectronFock(supermatrix, density));
  return {
    energy: traceProduct(density, h) + traceProduct(density, fock) + nuclearRepulsion,
    nmo,
    orbitals: canonical.orbitals,
    orbitalEnergies: canonical.energies,
    density,
    iterations,
  };
}

interface Orbitals {
  /** Row-major nbf × nmo, columns in ascending energy. */
  orbitals: Float64Array;
  energies: Float64Array;
}

function densityOf(input: RhfInput, { orbitals, energies }: Orbitals, nmo: number): Float64Array {
  return input.averageOpenLevel === true
    ? weightedDensity(orbitals, input.nbf, nmo, averagedOccupations(energies, input.nocc))
    : occupiedDensity(orbitals, input.nbf, nmo, input.nocc);
}

/** Orbitals whose energies differ by less than this (Ha) count as one level. */
const DEGENERACY = 1e-6;

/**
 * Per-spin occupations of orbitals in ascending energy for `electrons` electrons per spin: the lowest
 * filled, and the level that takes the last of them shared equally among its degenerate orbitals.
 */
function averagedOccupations(energies: Float64Array, electrons: number): Float64Array {
  const occupations = new Float64Array(energies.length);
  const last = Math.min(Math.ceil(electrons) - 1, energies.length - 1);
  if (last < 0) return occupations;
  let low = last;
  while (low > 0 && energies[last] - energies[low - 1] < DEGENERACY) low--;
  let high = last;
  while (high + 1 < energies.length && energies[high + 1] - energies[last] < DEGENERACY) high++;
  const shared = (electrons - low) / (high - low + 1);
  for (let k = 0; k <= high; k++) occupations[k] = k < low ? 1 : shared;
  return occupations;
}

/** Per-spin density Σ_{k<nocc} C_ik C_jk of the lowest `nocc` orbitals. */
export function occupiedDensity(
  orbitals: Float64Array,
  nbf: number,
  nmo: number,
  nocc: number,
): Float64Array {
  return weightedDensity(orbitals, nbf, nmo, new Float64Array(nocc).fill(1));
}

/** Per-spin density Σ_k w_k C_ik C_jk over the orbitals that have weights. */
export function weightedDensity(
  orbitals: Float64Array,
  nbf: number,
  nmo: number,
  weights: Float64Array,
): Float64Array {
  const density = new Float64Array(nbf * nbf);
  for (let i = 0; i < nbf; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      for (let k = 0; k < weights.length; k++)
        sum += weights[k] * orbitals[i * nmo + k] * orbitals[j * nmo + k];
      density[i * nbf + j] = sum;
      density[j * nbf + i] = sum;
    }
  }
  return density;
}

function addMatrices(a: Float64Array, b: Float64Array): Float64Array {
  return a.map((value, i) => value + b[i]);
}

/** Xᵀ(FDS − SDF)X: zero exactly when D is self-consistent. */
function commutatorError(
  fock: Float64Array,
  density: Float64Array,
  overlap: Float64Array,
  x: Float64Array,
  nbf: number,
  nmo: number,
): Float64Array {
  const fds = multiply(multiply(fock, density, nbf, nbf, nbf), overlap, nbf, nbf, nbf);
  const commutator = new Float64Array(nbf * nbf);
  for (let i = 0; i < nbf; i++) {
    for (let j = 0; j < nbf; j++) commutator[i * nbf + j] = fds[i * nbf + j] - fds[j * nbf + i];
  }
  return congruence(commutator, x, nbf, nmo);
}
