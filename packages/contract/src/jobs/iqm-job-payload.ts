import { DEFAULT_JOB_TAGS } from './defaults.ts';
import { IQM_PROVIDER_TAG, iqmJobName } from './iqm.ts';
import type { IqmJobPayload } from './iqm-job-schemas.ts';
import { chosenJobName, payloadBonds, type JobForm } from './job-form.ts';

/** The IQM wizard's create payload (reading B of jobs.md 3): every molecule, named by the time of creation. */
export function buildIqmJobPayload(form: JobForm, now: Date): IqmJobPayload {
  return {
    job_name: chosenJobName(form) ?? iqmJobName(now),
    device: form.device,
    hyperparameters: {
      shots: form.shots,
      max_iterations: form.parameters.maxIterations,
      max_states: form.parameters.max_states,
      max_expansion_states: form.parameters.max_expansion_states,
      ...payloadBonds(form),
      active_orbitals: [...form.active_orbitals],
      frozen_orbitals: [...form.frozen_orbitals],
      ...(form.charge === 0 ? {} : { charge: form.charge }),
      basis: form.basis,
      ansatz: form.ansatz,
      ansatz_entanglement: form.ansatz_entanglement,
      ansatz_reps: form.ansatz_reps,
      configuration_recovery: form.configuration_recovery,
      amplitude_screening_tolerance: form.amplitude_screening_tolerance,
      convergence_count: form.convergence_count,
      convergence_abstol: form.convergence_abstol,
      reset_convergence_count: form.reset_convergence_count,
      ...(form.compute_reference ? { compute_reference: true } : {}),
    },
    tags: { ...DEFAULT_JOB_TAGS, ...IQM_PROVIDER_TAG },
    ...(form.permission_source ? { permission_source: form.permission_source } : {}),
  };
}
