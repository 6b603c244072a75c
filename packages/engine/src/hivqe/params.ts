import { EngineInputError } from '../chem/errors.ts';
import { REFERENCE_MODES, type ReferenceMode } from './reference-rule.ts';

/**
 * Largest subspace kept between iterations, max_states' bound. While growing, the loop diagonalises up to twice this
 * many determinants (about 3.2 GB of Davidson vectors at the limit; one diagonalisation of 10^7
 * determinants takes about a minute and 1.8 GB here, docs/engine.md).
 */
export const MAX_SUBSPACE_DETERMINANTS = 10_000_000;

export const ANSATZE = ['epa', 'hardware_efficient', 'uccsd'] as const;
export type AnsatzName = (typeof ANSATZE)[number];
export const ENTANGLEMENTS = ['linear', 'circular', 'full', 'pairwise', 'no'] as const;
export type Entanglement = (typeof ENTANGLEMENTS)[number];
/**
 * How the engine simulates the circuit when no quantum computer samples it: `statevector` (exact, up to
 * MAX_STATEVECTOR_AMPLITUDES), `mps` (a matrix-product state cut to `mps_bond_dimension` and
 * `mps_cutoff`), or `auto`: the state vector where it fits, the matrix-product state beyond.
 */
export const SIMULATORS = ['auto', 'statevector', 'mps'] as const;
export type SimulatorChoice = (typeof SIMULATORS)[number];
/**
 * The active orbitals the HI-VQE loop works over: the canonical RHF orbitals, or the natural orbitals of a
 * first, classical run (natural-orbitals.ts), in which fewer determinants carry the state.
 */
export const ORBITAL_CHOICES = ['canonical', 'natural'] as const;
export type OrbitalChoice = (typeof ORBITAL_CHOICES)[number];
/** Largest bond dimension a matrix-product state may be given (its memory grows with the square). */
export const MAX_MPS_BOND_DIMENSION = 1024;

/** A job's hyperparameters, validated, with the defaults of the create form (spec/jobs.md §3, §9). */
export interface HiVqeParams {
  moleculeGeometry: string;
  /** Net charge of the molecule (closed-shell singlets only). */
  charge: number;
  basis: string;
  activeOrbitals: number[];
  frozenOrbitals: number[];
  ansatz: AnsatzName;
  ansatzEntanglement: Entanglement;
  ansatzReps: number;
  shots: number;
  maxIter: number;
  maxStates: number;
  maxExpansionStates: number;
  configurationRecovery: boolean;
  amplitudeScreeningTolerance: number;
  convergenceCount: number;
  convergenceAbstol: number;
  resetConvergenceCount: boolean;
  /** Reference for the per-iteration error; null = use CASCI when it is computed. */
  exactEnergy: number | null;
  /** When HI-VQE computes its CASCI reference (`referenceSkipReason`): `always` when compute_reference is set. */
  reference: ReferenceMode;
  /** Seeds the circuit parameters, SPSA perturbations, sampling and configuration recovery. */
  seed: number;
  /** Engine-only: which simulation draws the shots when no quantum computer does. */
  simulator: SimulatorChoice;
  /** Engine-only: the matrix-product state's largest bond dimension. */
  mpsBondDimension: number;
  /** Engine-only: the weight (relative) the matrix-product state may drop at each cut. */
  mpsCutoff: number;
  /** Engine-only: the orbitals the loop works over. */
  orbitals: OrbitalChoice;
}

const DEFAULT_GEOMETRY = 'N 0 0 0;N 0 0 1.0';
/** Beyond any ion of the elements H–Ar the engine would be asked for; the electron count is checked anyway. */
const MAX_CHARGE = 100;

/**
 * Reads hyperparameters as a job carries them: the create payload's snake_case names, each value either
 * typed or a string (Braket passes every hyperparameter as a string; lists may be JSON '[2,3]' or '2,3').
 * Unknown names are ignored (a job carries device, region and other fields the engine does not use).
 * Throws EngineInputError naming the parameter and the accepted values. Whether the orbitals fit the
 * molecule is the chemistry's check (src/chem/orbital-spaces.ts).
 */
export function parseHiVqeParams(raw: Readonly<Record<string, unknown>>): HiVqeParams {
  const read = new Reader(raw);
  return {
    moleculeGeometry: read.text('molecule_geometry', DEFAULT_GEOMETRY),
    charge: read.integer('charge', 0, -MAX_CHARGE, MAX_CHARGE),
    basis: read.text('basis', 'ccpvdz'),
    activeOrbitals: read.indexList('active_orbitals', [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    frozenOrbitals: read.indexList('frozen_orbitals', [0, 1]),
    ansatz: read.choice('ansatz', ANSATZE, 'epa'),
    ansatzEntanglement: read.choice('ansatz_entanglement', ENTANGLEMENTS, 'circular', { none: 'no' }),
    ansatzReps: read.integer('ansatz_reps', 2, 1, 10),
    shots: read.integer('shots', 1000, 1, 10_000_000),
    maxIter: read.integer('max_iter', 100, 1, 10_000_000),
    maxStates: read.integer('max_states', 20_000, 1, MAX_SUBSPACE_DETERMINANTS),
    maxExpansionStates: read.integer('max_expansion_states', 500, 1, 10_000_000),
    configurationRecovery: read.boolean('configuration_recovery', false),
    amplitudeScreeningTolerance: read.number('amplitude_screening_tolerance', 1e-20, 0),
    convergenceCount: read.integer('convergence_count', 3, 0, 100),
    convergenceAbstol: read.number('convergence_abstol', 1e-4, 0),
    resetConvergenceCount: read.boolean('reset_convergence_count', true),
    exactEnergy: read.optionalNumber('exact_energy'),
    // The forms' switch: absent or false leaves the engine-only `reference` (auto by default) in charge.
    reference: read.boolean('compute_reference', false)
      ? 'always'
      : read.choice('reference', REFERENCE_MODES, 'auto'),
    seed: read.integer('seed', 0, 0, 2 ** 32 - 1),
    simulator: read.choice('simulator', SIMULATORS, 'auto'),
    mpsBondDimension: read.integer('mps_bond_dimension', 64, 1, MAX_MPS_BOND_DIMENSION),
    mpsCutoff: read.number('mps_cutoff', 1e-10, 0, 1),
    orbitals: read.choice('orbitals', ORBITAL_CHOICES, 'canonical'),
  };
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ABSENT = new Set(['', 'null', 'none', 'undefined']);

class Reader {
  constructor(private readonly raw: Readonly<Record<string, unknown>>) {}

  private value(name: string): unknown {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' && ABSENT.has(value.trim().toLowerCase())) return undefined;
    return value;
  }

  text(name: string, fallback: string): string {
    const value = this.value(name);
    if (value === undefined) return fallback;
    if (typeof value !== 'string') throw new EngineInputError(`${name} must be a string`);
    return value.trim();
  }

  number(name: string, fallback: number, min: number, max = Number.POSITIVE_INFINITY): number {
    const value = this.optionalNumber(name) ?? fallback;
    if (value < min || value > max) {
      const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `between ${min} and ${max}`;
      throw new EngineInputError(`${name} must be ${range}, got ${value}`);
    }
    return value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.number(name, fallback, min, max);
    if (!Number.isInteger(value)) throw new EngineInputError(`${name} must be a whole number, got ${value}`);
    return value;
  }

  optionalNumber(name: string): number | null {
    const value = this.value(name);
    if (value === undefined) return null;
    const number = toNumber(value);
    if (number === null) throw new EngineInputError(`${name} must be a number, got ${JSON.stringify(value)}`);
    return number;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.value(name);
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    const text = String(value).trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new EngineInputError(`${name} must be true or false, got ${JSON.stringify(value)}`);
  }

  choice<T extends string>(
    name: string,
    options: readonly T[],
    fallback: T,
    aliases: Readonly<Record<string, T>> = {},
  ): T {
    // Read raw: 'none' is a value here (no entanglement), not a missing one.
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return fallback;
    const text = String(value).trim().toLowerCase();
    const match = options.find((option) => option === text) ?? aliases[text];
    if (match === undefined) {
      throw new EngineInputError(
        `${name} must be one of ${options.join(', ')}, got ${JSON.stringify(value)}`,
      );
    }
    return match;
  }

  /** Orbital indices: an array, or a string '[2,3]', '2,3' or '2 3'; empty means none. */
  indexList(name: string, fallback: number[]): number[] {
    const raw = this.raw[name];
    if (raw === undefined || raw === null) return fallback;
    const items = Array.isArray(raw) ? raw : listItems(raw, name);
    const indices = items.map((item) => {
      const number = toNumber(item);
      if (number === null || !Number.isInteger(number) || number < 0) {
        throw new EngineInputError(
          `${name} must list orbital indices (whole numbers ≥ 0), got ${JSON.stringify(item)}`,
        );
      }
      return number;
    });
    if (new Set(indices).size !== indices.length)
      throw new EngineInputError(`${name} lists an orbital twice`);
    return indices;
  }
}

function listItems(raw: unknown, name: string): unknown[] {
  if (typeof raw === 'number') return [raw];
  if (typeof raw !== 'string') throw new EngineInputError(`${name} must be a list of orbital indices`);
  const text = raw.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  return text === '' ? [] : text.split(/[\s,]+/);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
}
