import type { EnergyDataPoint, HybridJob, JobResultDocument, MoleculeResult } from '@hivqe/contract';

/** An H2 molecule the engine has finished, compared with its CASCI. */
export const FINISHED_MOLECULE: MoleculeResult = {
  geometry_tag: '0.74',
  molecule_geometry: 'H 0 0 0;H 0 0 0.74',
  specification: {
    charge: 0,
    multiplicity: 1,
    basis: 'sto-3g',
    electrons: 2,
    active_space: {
      electrons: 2,
      orbitals: 2,
      frozen_core: 0,
      active_orbitals: [0, 1],
      frozen_orbitals: [],
      point_group: 'C1',
    },
  },
  energies: { final: -1.137283, rhf: -1.116759, nuclear_repulsion: 0.715104, casci: -1.137284 },
  rhf_energy: -1.116759,
  reference: { energy: -1.137284, source: 'casci' },
  reference_skip_reason: null,
  perturbative_estimate: null,
  error_mha: 0.001,
  within_chemical_accuracy: true,
  subspace_size: 4,
  full_space_size: 4,
  subspace_fraction: 1,
  string_sources: { sampled: 1, recovered: 0, handover: 2 },
  iterations: 2,
  engine_seconds: 0.25,
  reference_seconds: 0.01,
  cpu_seconds: 0.24,
  leading_determinants: [
    { alpha: '10', beta: '10', coefficient: 0.9937, weight: 0.98744 },
    { alpha: '01', beta: '01', coefficient: -0.112, weight: 0.012544 },
  ],
};

export const historyPoint = (
  costFunctionCall: number,
  energy: number,
  error: number | null,
  numStates = 4,
): EnergyDataPoint => ({ costFunctionCall, energy, error, numStates, timestamp: '2025-03-01T10:05:00.000Z' });

/** The result document the server answers for `job`. */
export function jobResult(job: HybridJob, changes: Partial<JobResultDocument> = {}): JobResultDocument {
  return {
    job_arn: job.job_arn,
    job_name: job.job_name,
    status: job.status,
    failure_reason: job.failure_reason,
    backend: 'local',
    device: job.device,
    simulated_locally: false,
    shots_per_circuit: 1000,
    hyperparameters: job.hyperparameters,
    engine: { name: '@hivqe/engine', version: '0.1.0' },
    input_sha256: '0'.repeat(64),
    molecules: [FINISHED_MOLECULE],
    history: [historyPoint(1, -1.13, 0.007284), historyPoint(2, -1.137283, 0.000001)],
    timings: {
      created_at: job.created_at,
      started_at: job.started_at,
      ended_at: job.ended_at,
      wall_seconds: 1.5,
      engine_seconds: 0.25,
      cpu_seconds: 0.24,
    },
    ...changes,
  };
}
