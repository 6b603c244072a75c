import { bucketFromS3Path } from './braket-resources.ts';
import { DEFAULT_BOND_KEY } from './defaults.ts';
import type { HybridJobDetailResponse } from './hybrid-job-schemas.ts';
import { fromHyperparameters } from './hyperparameters.ts';
import type { JobForm } from './job-form.ts';

export const CLONE_MESSAGES = {
  noHyperparameters: 'Failed to clone job: No hyperparameters found',
  failed: 'Failed to clone job',
} as const;

/**
 * The creation form prefilled from a job's detail (jobs.md 2.4, 3 'Clone mapping'), over `base`, the form
 * the user would start from (their account, their defaults): every field the job does not carry keeps the
 * base's value. Null when the job has no hyperparameters. The job's one molecule becomes the form's only
 * molecule, under its geometry_tag.
 */
export function cloneJobForm(detail: HybridJobDetailResponse, base: JobForm): JobForm | null {
  const map = detail.job_parameters.hyperparameters;
  if (map === null || Object.keys(map).length === 0) return null;
  const values = fromHyperparameters(map);
  const shots = values.shots ?? base.shots;
  const maxIterations = values.max_iter ?? base.parameters.maxIterations;
  const s3Path = detail.job_parameters.output_data_config?.s3Path;
  const bondKey = values.geometry_tag ?? DEFAULT_BOND_KEY;
  const bonds =
    values.molecule_geometry === undefined
      ? { molecules: base.molecules, exactEnergies: base.exactEnergies }
      : {
          molecules: { [bondKey]: values.molecule_geometry },
          exactEnergies: values.exact_energy === undefined ? {} : { [bondKey]: values.exact_energy },
        };
  return {
    ...base,
    ...bonds,
    device: values.device_name ?? base.device,
    backend: values.backend_name ?? base.backend,
    shots,
    max_iterations: maxIterations,
    instance_type: detail.job_parameters.instance_config?.instanceType ?? base.instance_type,
    aws_default_region: values.aws_region ?? base.aws_default_region,
    s3_bucket_name: (s3Path && bucketFromS3Path(s3Path)) || base.s3_bucket_name,
    parameters: {
      shots,
      maxIterations,
      tolerance: values.tolerance ?? base.parameters.tolerance,
      max_states: values.max_states ?? base.parameters.max_states,
      max_expansion_states: values.max_expansion_states ?? base.parameters.max_expansion_states,
    },
    active_orbitals: values.active_orbitals ?? base.active_orbitals,
    frozen_orbitals: values.frozen_orbitals ?? base.frozen_orbitals,
    charge: values.charge ?? base.charge,
    basis: values.basis ?? base.basis,
    ansatz: values.ansatz ?? base.ansatz,
    ansatz_entanglement: values.ansatz_entanglement ?? base.ansatz_entanglement,
    ansatz_reps: values.ansatz_reps ?? base.ansatz_reps,
    configuration_recovery: values.configuration_recovery ?? base.configuration_recovery,
    amplitude_screening_tolerance: values.amplitude_screening_tolerance ?? base.amplitude_screening_tolerance,
    convergence_count: values.convergence_count ?? base.convergence_count,
    convergence_abstol: values.convergence_abstol ?? base.convergence_abstol,
    reset_convergence_count: values.reset_convergence_count ?? base.reset_convergence_count,
    compute_reference: values.compute_reference ?? base.compute_reference,
  };
}
