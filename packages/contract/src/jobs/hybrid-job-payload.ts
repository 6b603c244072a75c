import { deviceNameFromPath, isSimulatorPath } from './arn.ts';
import {
  HIVQE_CONTAINER_IMAGE,
  executionRoleArn,
  outputS3Path,
  serviceBucketName,
} from './braket-resources.ts';
import { DEFAULT_JOB_TAGS } from './defaults.ts';
import { DEFAULT_BACKEND_NAME, findDevice } from './devices.ts';
import type { HybridJobPayload } from './hybrid-job-create.ts';
import { chosenJobName, firstMolecule, payloadBonds, type JobForm } from './job-form.ts';
import { JOB_INSTANCE_COUNT, JOB_VOLUME_SIZE_GB } from './limits.ts';
import { DEFAULT_JOB_REGION } from './regions.ts';

export const NO_MOLECULE_MESSAGE = 'A job needs at least one molecule.';

/** The backend field when given; otherwise the device's last path segment upper-cased; SV1 as a last resort. */
export const backendName = (backend: string, device: string) =>
  backend.trim() || deviceNameFromPath(device).toUpperCase() || DEFAULT_BACKEND_NAME;

/**
 * The job's region: a QPU's own (Braket runs a QPU's jobs in its region, as its SDK does), otherwise the
 * form's region, us-east-1 when the form has none.
 */
export const hybridJobRegion = (form: Pick<JobForm, 'device' | 'aws_default_region'>) =>
  findDevice(form.device)?.region ?? (form.aws_default_region || DEFAULT_JOB_REGION);

/**
 * Every bond length of a form that holds several, for a scan (issue 11 §3: the spec's payload sends only the
 * first, which silently dropped the others); nothing for one, so a one-molecule payload is the spec's.
 */
function scanFields(form: JobForm): Pick<HybridJobPayload, 'molecules' | 'exact_energies'> {
  return Object.keys(form.molecules).length < 2 ? {} : payloadBonds(form);
}

/**
 * The cloud create payload of a form (jobs.md 3): the first molecule and its exact energy (if any) in the spec's
 * fields, and with several molecules all of them for a scan. The forms refuse to create without a molecule, so
 * a form without one is a programming error and throws.
 */
export function buildHybridJobPayload(form: JobForm): HybridJobPayload {
  const molecule = firstMolecule(form);
  if (molecule === undefined) throw new Error(NO_MOLECULE_MESSAGE);
  const region = hybridJobRegion(form);
  const bucket = form.s3_bucket_name || (form.account_id ? serviceBucketName(region, form.account_id) : '');
  const jobName = chosenJobName(form);
  return {
    ...(jobName === undefined ? {} : { job_name: jobName }),
    ...(form.account_id ? { role_arn: executionRoleArn(form.account_id) } : {}),
    device_name: form.device,
    backend_name: backendName(form.backend, form.device),
    molecule_geometry: molecule.geometry,
    active_orbitals: [...form.active_orbitals],
    frozen_orbitals: [...form.frozen_orbitals],
    // Neutral is the default: a neutral job's payload is the spec's, field for field.
    ...(form.charge === 0 ? {} : { charge: form.charge }),
    basis: form.basis,
    ansatz: form.ansatz,
    ansatz_entanglement: form.ansatz_entanglement,
    ansatz_reps: form.ansatz_reps,
    max_iter: form.parameters.maxIterations,
    shots: form.shots,
    max_states: form.parameters.max_states,
    max_expansion_states: form.parameters.max_expansion_states,
    ...(form.parameters.tolerance === undefined ? {} : { tolerance: form.parameters.tolerance }),
    ...(molecule.exactEnergy === undefined ? {} : { exact_energy: molecule.exactEnergy }),
    geometry_tag: molecule.bondKey,
    ...scanFields(form),
    debug_use_simulator: isSimulatorPath(form.device),
    aws_region: region,
    ecr_image_uri: HIVQE_CONTAINER_IMAGE,
    configuration_recovery: form.configuration_recovery,
    amplitude_screening_tolerance: form.amplitude_screening_tolerance,
    convergence_count: form.convergence_count,
    convergence_abstol: form.convergence_abstol,
    reset_convergence_count: form.reset_convergence_count,
    // Sent only when asked: a payload without it is the spec's, field for field.
    ...(form.compute_reference ? { compute_reference: true } : {}),
    instance_config: {
      instanceType: form.instance_type,
      volumeSizeInGb: JOB_VOLUME_SIZE_GB,
      instanceCount: JOB_INSTANCE_COUNT,
    },
    ...(bucket ? { output_data_config: { s3Path: outputS3Path(bucket) } } : {}),
    tags: { ...DEFAULT_JOB_TAGS },
    ...(form.permission_source ? { permission_source: form.permission_source } : {}),
  };
}
