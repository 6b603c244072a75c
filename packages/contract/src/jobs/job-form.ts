import { serviceBucketName } from './braket-resources.ts';
import { DEFAULT_BOND_KEY, JOB_DEFAULTS, defaultGeometry } from './defaults.ts';
import { JOB_NAME_MESSAGE, jobName } from './fields.ts';
import { IQM_ACCOUNT_ID, IQM_FORM_DEVICE, iqmBucketName } from './iqm.ts';
import { DEFAULT_INSTANCE_TYPE, IQM_DEFAULT_INSTANCE_TYPE } from './instances.ts';
import type { JobPermissionSource } from './permission-source.ts';
import { DEFAULT_JOB_REGION, IQM_DEFAULT_REGION } from './regions.ts';

/** Algorithm parameters of the form's first step. */
export interface JobFormParameters {
  shots: number;
  maxIterations: number;
  /** Optional: an empty field sends none. */
  tolerance: number | undefined;
  max_states: number;
  max_expansion_states: number;
}

/** Bond-length key → geometry, and bond-length key → exact energy for the molecules that have one. */
export interface JobBonds {
  molecules: Record<string, string>;
  exactEnergies: Record<string, number>;
}

/** The job creation form of both paths, also the target of Clone (jobs.md 3 'Job creation form'). */
export interface JobForm extends JobBonds {
  /** The owner's name for the job; blank: the server's (cloud) or the wizard's (IQM) default name. */
  job_name: string;
  problem_type: string;
  /** Empty: the payload derives the backend from the device. */
  backend: string;
  /** What the payload sends as shots (parameters.shots mirrors it on screen). */
  shots: number;
  max_iterations: number;
  num_qubits: number;
  optimization_level: number;
  error_mitigation: boolean;
  notes: string;
  account_id: string;
  instance_type: string;
  device: string;
  parameters: JobFormParameters;
  active_orbitals: number[];
  frozen_orbitals: number[];
  /** Net charge of every molecule; closed-shell singlets only. */
  charge: number;
  basis: string;
  ansatz: string;
  ansatz_entanglement: string;
  ansatz_reps: number;
  configuration_recovery: boolean;
  amplitude_screening_tolerance: number;
  convergence_count: number;
  convergence_abstol: number;
  reset_convergence_count: boolean;
  /** Ask the engine for the exact (CASCI) reference of every molecule (issue 30 §3); false: its own rule. */
  compute_reference: boolean;
  aws_default_region: string;
  s3_bucket_name: string;
  permission_source?: JobPermissionSource;
}

/** The fields both paths share, before the path's own resource fields. */
function baseForm(): Omit<
  JobForm,
  'account_id' | 'instance_type' | 'device' | 'aws_default_region' | 's3_bucket_name'
> {
  return {
    job_name: '',
    // The spec leaves problem_type open; the service's job types are VQE and VQD, and HI-VQE is a VQE.
    problem_type: 'vqe',
    backend: '',
    shots: JOB_DEFAULTS.shots,
    max_iterations: JOB_DEFAULTS.maxIterations,
    num_qubits: 0,
    optimization_level: 0,
    error_mitigation: false,
    notes: '',
    parameters: {
      shots: JOB_DEFAULTS.shots,
      maxIterations: JOB_DEFAULTS.maxIterations,
      tolerance: JOB_DEFAULTS.tolerance,
      max_states: JOB_DEFAULTS.max_states,
      max_expansion_states: JOB_DEFAULTS.max_expansion_states,
    },
    molecules: { [DEFAULT_BOND_KEY]: defaultGeometry(DEFAULT_BOND_KEY) },
    exactEnergies: {},
    active_orbitals: [...JOB_DEFAULTS.active_orbitals],
    frozen_orbitals: [...JOB_DEFAULTS.frozen_orbitals],
    charge: 0,
    basis: JOB_DEFAULTS.basis,
    ansatz: JOB_DEFAULTS.ansatz,
    ansatz_entanglement: JOB_DEFAULTS.ansatz_entanglement,
    ansatz_reps: JOB_DEFAULTS.ansatz_reps,
    configuration_recovery: JOB_DEFAULTS.configuration_recovery,
    amplitude_screening_tolerance: JOB_DEFAULTS.amplitude_screening_tolerance,
    convergence_count: JOB_DEFAULTS.convergence_count,
    convergence_abstol: JOB_DEFAULTS.convergence_abstol,
    reset_convergence_count: JOB_DEFAULTS.reset_convergence_count,
    compute_reference: false,
  };
}

/** The cloud form for the user's cloud settings; the bucket is derived once an account id is known. */
export function defaultCloudJobForm(settings: {
  account_id?: string | null;
  aws_region?: string | null;
}): JobForm {
  const accountId = settings.account_id ?? '';
  const region = settings.aws_region || DEFAULT_JOB_REGION;
  return {
    ...baseForm(),
    account_id: accountId,
    instance_type: DEFAULT_INSTANCE_TYPE,
    device: JOB_DEFAULTS.device,
    aws_default_region: region,
    s3_bucket_name: accountId === '' ? '' : serviceBucketName(region, accountId),
  };
}

/** The IQM form: its own device value, instance type and account, and a region and bucket once a key is set. */
export function defaultIqmJobForm(settings: { iqm_api_key?: string | null }): JobForm {
  const apiKey = settings.iqm_api_key ?? '';
  return {
    ...baseForm(),
    account_id: IQM_ACCOUNT_ID,
    instance_type: IQM_DEFAULT_INSTANCE_TYPE,
    device: IQM_FORM_DEVICE,
    aws_default_region: apiKey === '' ? '' : IQM_DEFAULT_REGION,
    s3_bucket_name: apiKey === '' ? '' : iqmBucketName(apiKey),
  };
}

export interface FormMolecule {
  bondKey: string;
  geometry: string;
  /** Absent: the engine's CASCI is the reference. */
  exactEnergy: number | undefined;
}

/** The molecule a cloud job runs: the form's first bond length, its geometry and its exact energy. */
export function firstMolecule(bonds: JobBonds): FormMolecule | undefined {
  const [entry] = Object.entries(bonds.molecules);
  if (entry === undefined) return undefined;
  const [bondKey, geometry] = entry;
  return { bondKey, geometry, exactEnergy: bonds.exactEnergies[bondKey] };
}

/** Why the server would refuse the typed job name, or null; a blank one is fine: the default name applies. */
export const jobNameProblem = (name: string): string | null =>
  name.trim() === '' || jobName.safeParse(name).success ? null : JOB_NAME_MESSAGE;

/** The job name the user typed, or undefined when the field is blank (the default name then applies). */
export const chosenJobName = (form: Pick<JobForm, 'job_name'>): string | undefined =>
  form.job_name.trim() === '' ? undefined : form.job_name;

/** Every molecule of the form by bond length, and the exact energies of those that have one, as payloads carry them. */
export const payloadBonds = (bonds: JobBonds) => ({
  molecules: { ...bonds.molecules },
  exact_energies: Object.fromEntries(
    Object.entries(bonds.exactEnergies).filter(([bond]) => Object.hasOwn(bonds.molecules, bond)),
  ),
});
