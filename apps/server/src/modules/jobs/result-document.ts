import { createHash } from 'node:crypto';
import {
  canonicalJson,
  errorMha,
  referenceEnergy,
  simulatedLocally,
  withinChemicalAccuracy,
  type EnergyDataPoint,
  type JobResultDocument,
  type ChemicalSpecification,
  type MoleculeResult,
} from '@hivqe/contract';
import {
  chemicalSpecification,
  ENGINE_NAME,
  ENGINE_VERSION,
  EngineInputError,
  parseHiVqeParams,
} from '@hivqe/engine';
import type { RhfEnergies } from '../../db/schema/job-checkpoints.ts';
import type { JobRow, StoredRunResult } from '../../db/schema/jobs.ts';
import { engineRuns, type EngineRun } from '../../providers/quantum/local/engine-runs.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A number hyperparameter as stored (a string), or null when absent or not a number. */
function storedNumber(value: string | undefined): number | null {
  const number = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The molecule's charge, spin, basis and active space as the engine reads them; null for settings it refuses. */
function specificationOf(run: EngineRun): ChemicalSpecification | null {
  try {
    const { activeSpace, molecularPointGroup, ...molecule } = chemicalSpecification(run.hyperparameters);
    return {
      ...molecule,
      molecular_point_group: molecularPointGroup,
      active_space: {
        electrons: activeSpace.electrons,
        orbitals: activeSpace.orbitals,
        frozen_core: activeSpace.frozenCore,
        active_orbitals: activeSpace.activeOrbitals,
        frozen_orbitals: activeSpace.frozenOrbitals,
        point_group: activeSpace.pointGroup,
      },
    };
  } catch (error) {
    if (error instanceof EngineInputError) return null;
    throw error;
  }
}

/** SHA-256 of the job's input (its hyperparameters) as canonical JSON, so a reader can check it from the document. */
export const inputDigest = (hyperparameters: Readonly<Record<string, string>>) =>
  createHash('sha256').update(canonicalJson(hyperparameters)).digest('hex');

/**
 * A molecule the job names, with the engine's result once it has one (`stored`, from the same run), and before
 * that the RHF energy the running computation told (`rhf`).
 */
export function moleculeResult(
  run: EngineRun,
  stored: StoredRunResult | undefined,
  rhf?: RhfEnergies,
): MoleculeResult {
  const geometry = {
    geometry_tag: run.hyperparameters.geometry_tag ?? null,
    molecule_geometry: run.hyperparameters.molecule_geometry ?? '',
    specification: specificationOf(run),
  };
  if (stored === undefined) {
    return {
      ...geometry,
      energies: null,
      rhf_energy: rhf?.eRhf ?? null,
      reference: referenceEnergy(storedNumber(run.hyperparameters.exact_energy), null),
      reference_skip_reason: null,
      perturbative_estimate: null,
      error_mha: null,
      within_chemical_accuracy: null,
      subspace_size: null,
      full_space_size: null,
      subspace_fraction: null,
      string_sources: null,
      iterations: null,
      engine_seconds: null,
      reference_seconds: null,
      cpu_seconds: null,
      leading_determinants: null,
    };
  }
  const reference = referenceEnergy(stored.exactEnergy, stored.eCasci);
  const error = reference === null ? null : errorMha(stored.energy, reference.energy);
  return {
    ...geometry,
    molecule_geometry: stored.moleculeGeometry,
    energies: {
      final: stored.energy,
      rhf: stored.eRhf,
      nuclear_repulsion: stored.eNuc,
      casci: stored.eCasci,
    },
    rhf_energy: stored.eRhf,
    reference,
    reference_skip_reason: stored.eCasci === null ? (stored.referenceSkipReason ?? null) : null,
    perturbative_estimate: stored.perturbativeEstimate ?? null,
    error_mha: error,
    within_chemical_accuracy: error === null ? null : withinChemicalAccuracy(error),
    subspace_size: stored.numStates,
    full_space_size: stored.fullSpaceSize,
    subspace_fraction: stored.fullSpaceSize ? stored.numStates / stored.fullSpaceSize : null,
    string_sources: stored.provenance ?? null,
    iterations: stored.iterations,
    engine_seconds: stored.seconds,
    reference_seconds: stored.referenceSeconds ?? null,
    cpu_seconds: stored.cpuSeconds,
    leading_determinants: stored.leadingDeterminants ?? null,
  };
}

/** The shots per circuit the engine reads from the job's settings; null for settings it refuses. */
function shotsPerCircuit(runs: readonly EngineRun[]): number | null {
  const [first] = runs;
  try {
    return first === undefined ? null : parseHiVqeParams(first.hyperparameters).shots;
  } catch (error) {
    if (error instanceof EngineInputError) return null;
    throw error;
  }
}

/** A sum over the finished molecules; null when none has finished or one lacks the value. */
function total(stored: readonly StoredRunResult[], value: (run: StoredRunResult) => number | null) {
  let sum = 0;
  for (const run of stored) {
    const part = value(run);
    if (part === null) return null;
    sum += part;
  }
  return stored.length === 0 ? null : sum;
}

/**
 * A job's result document: its molecules in run order, each joined with the result the engine stored for
 * it (runs and stored results share that order), the iteration history and the timings. `unavailable`: why
 * a completed job's results could not be read from where its back end keeps them. `rhf`: the RHF energies
 * running computations told, by their index.
 */
export function presentResult(
  job: JobRow,
  stored: readonly StoredRunResult[],
  history: EnergyDataPoint[],
  {
    unavailable = null,
    rhf = new Map(),
  }: { unavailable?: string | null; rhf?: ReadonlyMap<number, RhfEnergies> } = {},
): JobResultDocument {
  const runs = engineRuns(job.kind, job.hyperparameters);
  const molecules = runs.map((run, index) => moleculeResult(run, stored[index], rhf.get(index)));
  const ran = job.startedAt !== null && job.endedAt !== null;
  return {
    job_arn: job.jobArn,
    job_name: job.jobName,
    status: job.status,
    failure_reason: job.failureReason,
    backend: job.backend,
    device: job.device,
    simulated_locally: simulatedLocally(job.backend, job.device),
    shots_per_circuit: shotsPerCircuit(runs),
    hyperparameters: job.hyperparameters,
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    input_sha256: inputDigest(job.hyperparameters),
    molecules,
    history,
    result_unavailable_reason: unavailable,
    timings: {
      created_at: job.createdAt.toISOString(),
      started_at: iso(job.startedAt),
      ended_at: iso(job.endedAt),
      wall_seconds: ran ? (job.endedAt!.getTime() - job.startedAt!.getTime()) / 1000 : null,
      engine_seconds: total(stored, (run) => run.seconds),
      cpu_seconds: total(stored, (run) => run.cpuSeconds),
    },
  };
}
