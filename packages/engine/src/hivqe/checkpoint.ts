import { EngineInputError } from '../chem/errors.ts';
import type { CancelPoint } from '../ci/cancel.ts';
import { orbitalIrreps } from '../ci/orbital-irreps.ts';
import { StringSet } from '../ci/strings.ts';
import type { ActiveSpaceHamiltonian, IterationPoint } from '../types.ts';
import type { ConvergenceState } from './convergence.ts';
import type { OrbitalChoice } from './params.ts';
import type { Provenance } from './provenance.ts';
import type { SampleTally } from './recovery.ts';
import { diagonalise, placedOn, type Subspace } from './subspace.ts';

/** An iteration's point as JSON holds it: `error` is null where the point's is NaN (no exact energy). */
export interface CheckpointPoint {
  costFunctionCall: number;
  energy: number;
  error: number | null;
  numStates: number;
  timestamp: string;
}

/** What a checkpoint belongs to: a resumed run refuses one whose space or circuit differs. */
export interface CheckpointOwner {
  norb: number;
  nalpha: number;
  nbeta: number;
  numParameters: number;
  seed: number;
}

/**
 * The HI-VQE loop's state after an iteration, plain JSON (numbers, strings, booleans, null, arrays,
 * objects). Doubles survive JSON exactly (shortest round-trip decimal), so a run resumed from it repeats
 * the uninterrupted run bit for bit.
 */
export interface LoopCheckpoint extends CheckpointOwner {
  version: 1;
  /** The last completed iteration: a resumed loop continues with the next. */
  iteration: number;
  /** The circuit's parameters after this iteration's SPSA step. */
  theta: number[];
  /** The seeded generator's four 32-bit words. */
  rng: number[];
  /** SPSA's learning rate once calibrated on the first gradient (null before). */
  spsaRate: number | null;
  /** The convergence rule of the current stage. */
  rule: ConvergenceState;
  /** True once the handover stage has ended and the samples refine its subspace. */
  refining: boolean;
  converged: boolean;
  /**
   * The subspace's strings (ascending), its ground state ([alpha][beta], row-major; empty above
   * CHECKPOINT_VECTOR_LIMIT determinants) and total energy.
   */
  subspace: { strings: number[]; vector: number[]; energy: number };
  rejected: number[];
  /** Every string sampled so far with its shots, in first-sampled order. */
  sampledSoFar: Array<[number, number]>;
  measuredSoFar: number[];
  history: CheckpointPoint[];
  tally: SampleTally;
  provenance: Provenance;
  /**
   * With `orbitals` natural, the orbitals the loop worked over: column k is natural orbital k over the
   * canonical ones (norb × norb, row-major), so a resumed run works over the same ones without the first
   * run (loop-orbitals.ts). Absent over the canonical orbitals.
   */
  orbitals?: number[];
}

export interface CheckpointOptions {
  /** A checkpoint an earlier run of the same job and hyperparameters saved: the loop continues after its iteration. */
  resume?: LoopCheckpoint;
  /** Called after each completed iteration; the loop awaits it before the next one. */
  save?: (checkpoint: LoopCheckpoint) => Promise<void> | void;
}

/** The loop's live state, as `toCheckpoint` copies it out. */
export interface LoopState {
  theta: Float64Array;
  rng: readonly number[];
  spsaRate: number | null;
  rule: ConvergenceState;
  refining: boolean;
  converged: boolean;
  current: Subspace;
  rejected: ReadonlySet<number>;
  sampledSoFar: ReadonlyMap<number, number>;
  measuredSoFar: ReadonlySet<number>;
  history: readonly IterationPoint[];
  tally: SampleTally;
  provenance: Provenance;
}

/**
 * Above this many determinants a checkpoint leaves the ground state out (as JSON it would take some 20 bytes
 * a determinant, 200 MB at 10^7, every iteration) and a resumed run diagonalises its subspace again, one
 * diagonalisation like those of every iteration: the energy then agrees to Davidson's 1e-9 Ha rather than
 * exactly.
 */
export const CHECKPOINT_VECTOR_LIMIT = 1_000_000;

/** A copy of the loop's state after `iteration`, detached from the running loop. */
export function toCheckpoint(iteration: number, owner: CheckpointOwner, state: LoopState): LoopCheckpoint {
  return {
    version: 1,
    ...owner,
    iteration,
    theta: Array.from(state.theta),
    rng: [...state.rng],
    spsaRate: state.spsaRate,
    rule: { ...state.rule },
    refining: state.refining,
    converged: state.converged,
    subspace: savedSubspace(state.current),
    rejected: [...state.rejected],
    sampledSoFar: [...state.sampledSoFar],
    measuredSoFar: [...state.measuredSoFar],
    history: state.history.map((point) => ({
      ...point,
      error: Number.isNaN(point.error) ? null : point.error,
    })),
    tally: { ...state.tally },
    provenance: { ...state.provenance },
  };
}

/** The subspace in the checkpoint's order (ascending strings), whatever order the loop keeps them in. */
function savedSubspace(subspace: Subspace): LoopCheckpoint['subspace'] {
  const ascending = new StringSet(subspace.strings.strings);
  const vector =
    subspace.vector.length > CHECKPOINT_VECTOR_LIMIT ? [] : Array.from(placedOn(subspace, ascending));
  return { strings: Array.from(ascending.strings), vector, energy: subspace.energy };
}

/** The history of a checkpoint as the loop reports it (NaN again where no exact energy is known). */
export function restoredHistory(checkpoint: LoopCheckpoint): IterationPoint[] {
  return checkpoint.history.map((point) => ({ ...point, error: point.error ?? Number.NaN }));
}

/** The checkpoint's subspace and ground state: as saved, or diagonalised again where the vector was left out. */
export async function restoredSubspace(
  checkpoint: LoopCheckpoint,
  ham: ActiveSpaceHamiltonian,
  cancel: CancelPoint,
): Promise<Subspace> {
  const { strings, vector, energy } = checkpoint.subspace;
  if (vector.length === 0) return diagonalise(ham, strings, null, cancel);
  const saved: Subspace = { strings: new StringSet(strings), vector: Float64Array.from(vector), energy };
  // The loop keeps its strings sorted by irrep where the orbitals have symmetry (subspace.ts).
  const set = new StringSet(strings, orbitalIrreps(ham));
  return { strings: set, vector: placedOn(saved, set), energy };
}

/**
 * `value` as a checkpoint of this run's space and circuit, or EngineInputError saying what does not
 * fit. It may have come from storage, so every field is checked before the loop trusts it.
 */
export function checkCheckpoint(value: unknown, owner: CheckpointOwner): LoopCheckpoint {
  if (!isRecord(value)) throw refuse('not an object');
  if (value.version !== 1) throw refuse(`version ${JSON.stringify(value.version)}, expected 1`);
  for (const key of Object.keys(owner) as Array<keyof CheckpointOwner>) {
    if (value[key] !== owner[key])
      throw refuse(`${key} ${JSON.stringify(value[key])} does not match this run's ${owner[key]}`);
  }
  const { subspace, history, tally, provenance, rule } = value;
  const checks: Array<[string, boolean]> = [
    ['iteration', isCount(value.iteration) && value.iteration >= 1],
    ['theta', isNumbers(value.theta) && value.theta.length === owner.numParameters],
    ['rng', isNumbers(value.rng) && value.rng.length === 4 && value.rng.every(Number.isInteger)],
    ['spsaRate', value.spsaRate === null || isFiniteNumber(value.spsaRate)],
    ['rule', isRecord(rule) && isCount(rule.hits) && typeof rule.lastSmall === 'boolean'],
    ['refining', typeof value.refining === 'boolean'],
    ['converged', typeof value.converged === 'boolean'],
    ['subspace', isSubspace(subspace, owner)],
    ['rejected', isStrings(value.rejected, owner)],
    [
      'sampledSoFar',
      Array.isArray(value.sampledSoFar) &&
        value.sampledSoFar.every(
          (entry) =>
            Array.isArray(entry) && entry.length === 2 && isStrings([entry[0]], owner) && isCount(entry[1]),
        ),
    ],
    ['measuredSoFar', isStrings(value.measuredSoFar, owner)],
    ['history', Array.isArray(history) && history.length === value.iteration && history.every(isPoint)],
    ['tally', isCounts(tally, ['kept', 'repaired', 'dropped'])],
    ['provenance', isCounts(provenance, ['sampled', 'recovered', 'handover'])],
  ];
  const bad = checks.filter(([, ok]) => !ok).map(([key]) => key);
  if (bad.length > 0) throw refuse(`malformed ${bad.join(', ')}`);
  return value as unknown as LoopCheckpoint;
}

/**
 * The rotation a checkpoint saved, checked, or null where it has none; refuses one saved over other
 * orbitals than this run's, or not a rotation of this space.
 */
export function savedOrbitals(
  resume: LoopCheckpoint | undefined,
  choice: OrbitalChoice,
  norb: number,
): Float64Array | null {
  if (resume === undefined) return null;
  // From storage: checked before it is trusted.
  const saved: unknown = resume.orbitals;
  if (saved === undefined) {
    if (choice === 'natural')
      throw refuse('saved over the canonical orbitals, and this run asks for natural ones');
    return null;
  }
  if (choice === 'canonical')
    throw refuse('saved over natural orbitals, and this run asks for the canonical ones');
  if (!isNumbers(saved) || saved.length !== norb * norb || !isRotation(saved, norb))
    throw refuse('malformed orbitals');
  return Float64Array.from(saved);
}

/** Uᵀ·U = 1 to rounding: anything else would change the Hamiltonian, not only its basis. */
function isRotation(u: readonly number[], n: number): boolean {
  for (let k = 0; k < n; k++) {
    for (let l = 0; l <= k; l++) {
      let dot = 0;
      for (let p = 0; p < n; p++) dot += u[p * n + k] * u[p * n + l];
      if (Math.abs(dot - (k === l ? 1 : 0)) > 1e-9) return false;
    }
  }
  return true;
}

function refuse(what: string): EngineInputError {
  return new EngineInputError(`checkpoint refused: ${what}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

function isNumbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.every(isFiniteNumber);
}

/** Orbital strings of the space: integers below 2^norb. */
function isStrings(value: unknown, owner: CheckpointOwner): value is number[] {
  return Array.isArray(value) && value.every((x) => isCount(x) && x < 2 ** owner.norb);
}

function isSubspace(value: unknown, owner: CheckpointOwner): boolean {
  if (!isRecord(value) || !isStrings(value.strings, owner) || value.strings.length === 0) return false;
  const { strings } = value;
  const ascending = strings.every((x, i) => i === 0 || x > strings[i - 1]);
  return (
    ascending &&
    isNumbers(value.vector) &&
    (value.vector.length === strings.length ** 2 || value.vector.length === 0) &&
    isFiniteNumber(value.energy)
  );
}

function isPoint(value: unknown): boolean {
  return (
    isRecord(value) &&
    isCount(value.costFunctionCall) &&
    isFiniteNumber(value.energy) &&
    (value.error === null || isFiniteNumber(value.error)) &&
    isCount(value.numStates) &&
    typeof value.timestamp === 'string'
  );
}

function isCounts(value: unknown, keys: readonly string[]): boolean {
  return isRecord(value) && keys.every((key) => isCount(value[key]));
}
