import { z } from 'zod';
import { JOB_BACKEND_NAMES } from './back-ends.ts';
import { isoTimestamp, jobArn } from './fields.ts';
import { energyDataPoint } from './monitor-schemas.ts';
import { jobStatus } from './statuses.ts';
import { resultFormat } from './result-format.ts';

/** GET /hi-vqe/hybrid-jobs/result and /hi-vqe/iqm-jobs/{id}/result: a job's result as one document. */

/** Chemical accuracy: 1 kcal/mol, 1.6 mHa. */
export const CHEMICAL_ACCURACY_MHA = 1.6;

/** Where a reference energy came from: the engine's CASCI (full CI in the active space) or the user's value. */
export const REFERENCE_SOURCES = ['user', 'casci'] as const;
export type ReferenceSource = (typeof REFERENCE_SOURCES)[number];

const count = z.number().int().min(0);

/** One determinant of the final state (the engine's largest weights, heaviest first). */
export const leadingDeterminant = z.object({
  /** Active orbital p's occupation at position p ('1' occupied), lowest active orbital first. */
  alpha: z.string().regex(/^[01]*$/),
  beta: z.string().regex(/^[01]*$/),
  /** CI coefficient of the normalised state (its overall sign is arbitrary). */
  coefficient: z.number(),
  /** coefficient², the determinant's share of the state. */
  weight: z.number().min(0).max(1),
});
export type LeadingDeterminant = z.infer<typeof leadingDeterminant>;

/** The molecule as the engine computes it: charge, spin, basis and the active space. */
export const chemicalSpecification = z.object({
  charge: z.number().int(),
  /** 2S+1; the engine computes closed-shell singlets. */
  multiplicity: z.number().int().min(1),
  /** The basis set's catalog name. */
  basis: z.string(),
  /** All electrons at the molecule's charge. */
  electrons: count,
  /**
   * The molecule's own point group as its largest Abelian subgroup (D2h, D2, C2v, C2h, C2, Cs, Ci or C1), as
   * Psi4 and PySCF name it; the calculation used C1 (active_space.point_group). Absent from older documents.
   */
  molecular_point_group: z.string().optional(),
  active_space: z.object({
    electrons: count,
    orbitals: count,
    /** Doubly occupied orbitals kept frozen. */
    frozen_core: count,
    /** RHF orbital indices (from 0, by orbital energy). */
    active_orbitals: z.array(count),
    frozen_orbitals: z.array(count),
    /** The point group the calculation used (the engine uses no symmetry: C1). */
    point_group: z.string(),
  }),
});
export type ChemicalSpecification = z.infer<typeof chemicalSpecification>;

/** One molecule of the job: what it is, and once the engine has finished it, what it found. */
export const moleculeResult = z.object({
  geometry_tag: z.string().nullable(),
  molecule_geometry: z.string(),
  /** null when the engine refuses the job's molecule settings (the run fails with the reason). */
  specification: chemicalSpecification.nullable(),
  /** null until the engine has finished this molecule. */
  energies: z
    .object({
      final: z.number(),
      rhf: z.number(),
      nuclear_repulsion: z.number(),
      /** null when the active space is above the engine's CASCI limit. */
      casci: z.number().nullable(),
    })
    .nullable(),
  /**
   * The RHF energy as soon as the engine has it: while the molecule still runs on the local engine or IQM
   * (the runner keeps it), and once it has finished (energies.rhf); null before, and while a Braket job runs.
   */
  rhf_energy: z.number().nullable(),
  /** The user's exact energy when given, else the engine's CASCI; null when there is neither. */
  reference: z.object({ energy: z.number(), source: z.enum(REFERENCE_SOURCES) }).nullable(),
  /**
   * Why the engine computed no CASCI for this molecule, in its words (the space above its CASCI limit, or
   * larger than max_states without compute_reference, ...); null when it did, when the molecule has not
   * finished, or when the run did not record it (results stored before it was).
   */
  reference_skip_reason: z.string().nullable(),
  /**
   * The final energy with its second-order (Epstein–Nesbet) correction from the determinants one string
   * outside the subspace (Ha): an estimate of the active space's exact energy, not a bound (the final energy
   * is the bound). null until finished, for runs stored before it was computed, and from older job images.
   */
  perturbative_estimate: z.number().nullable(),
  /** (final − reference) in mHa. */
  error_mha: z.number().nullable(),
  within_chemical_accuracy: z.boolean().nullable(),
  /** Determinants of the final subspace. */
  subspace_size: count.nullable(),
  /** Determinants of the active space's full CI, the space the subspace is selected from. */
  full_space_size: count.nullable(),
  /** subspace_size / full_space_size. */
  subspace_fraction: z.number().min(0).max(1).nullable(),
  /**
   * How many new strings each source brought into the subspace: the circuit's samples, configuration recovery,
   * and the classical handover (a string both proposed counts as handover); null for runs stored before.
   */
  string_sources: z.object({ sampled: count, recovered: count, handover: count }).nullable(),
  iterations: count.nullable(),
  /** The engine's wall time for this molecule. */
  engine_seconds: z.number().min(0).nullable(),
  /** Wall time of the CASCI reference within engine_seconds (0 when reused); null when none was computed. */
  reference_seconds: z.number().min(0).nullable(),
  /** CPU time of the engine's thread for this molecule; null where it could not be measured. */
  cpu_seconds: z.number().min(0).nullable(),
  /** The final state's determinants of largest weight; null until finished, or for runs stored before. */
  leading_determinants: z.array(leadingDeterminant).nullable(),
});
export type MoleculeResult = z.infer<typeof moleculeResult>;

export const jobResultDocument = z.object({
  job_arn: z.string(),
  job_name: z.string(),
  status: jobStatus,
  failure_reason: z.string().nullable(),
  /** Where the job really ran: local engine, Amazon Braket, or the local engine with shots from IQM Resonance. */
  backend: z.enum(JOB_BACKEND_NAMES),
  device: z.string(),
  /** The local engine ran a job that names a quantum computer: its shots were simulated, not measured. */
  simulated_locally: z.boolean(),
  /** Shots per circuit (the `shots` setting); null when the job's settings cannot be read. */
  shots_per_circuit: count.nullable(),
  hyperparameters: z.record(z.string(), z.string()),
  /** The engine that computes the job's molecules. */
  engine: z.object({ name: z.string(), version: z.string() }),
  /** SHA-256 (hex) of the job's input: its hyperparameters as canonical JSON (`canonicalJson`). */
  input_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** One entry per molecule, in run order: one for a cloud job, one per bond length for an IQM scan. */
  molecules: z.array(moleculeResult),
  /** Every iteration, in order; cost-function calls keep counting across the molecules of a scan. */
  history: z.array(energyDataPoint),
  /**
   * Why the job's results could not be read although it completed (an Amazon Braket job's output archive in
   * S3 missing, unreadable or refused); null when they were read or none are due yet. Absent from older servers.
   */
  result_unavailable_reason: z.string().nullable().optional(),
  timings: z.object({
    created_at: isoTimestamp,
    started_at: isoTimestamp.nullable(),
    ended_at: isoTimestamp.nullable(),
    /** From start to end; null until the job has both. */
    wall_seconds: z.number().min(0).nullable(),
    /** The engine's time summed over the molecules it finished. */
    engine_seconds: z.number().min(0).nullable(),
    /** The engine thread's CPU time summed over the molecules it finished; null if any was not measured. */
    cpu_seconds: z.number().min(0).nullable(),
  }),
});
export type JobResultDocument = z.infer<typeof jobResultDocument>;

export const hybridJobResultQuery = z.object({ job_arn: jobArn, format: resultFormat });
/** GET /hi-vqe/iqm-jobs/{id}/result */
export const iqmJobResultQuery = z.object({ format: resultFormat });

/** The reference a molecule's result is compared with: the user's value first, then the engine's CASCI. */
export function referenceEnergy(
  exactEnergy: number | null,
  casci: number | null,
): MoleculeResult['reference'] {
  if (exactEnergy !== null) return { energy: exactEnergy, source: 'user' };
  if (casci !== null) return { energy: casci, source: 'casci' };
  return null;
}

export const errorMha = (energy: number, reference: number) => (energy - reference) * 1000;

/** Chemical accuracy bounds the error's size: an energy below the reference by 1.6 mHa is not within it. */
export const withinChemicalAccuracy = (errorInMha: number) => Math.abs(errorInMha) <= CHEMICAL_ACCURACY_MHA;
