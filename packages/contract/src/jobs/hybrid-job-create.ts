import { z } from 'zod';
import { devicesForRegion, findDevice } from './devices.ts';
import {
  bondKey,
  bondScanExactEnergies,
  bondScanMolecules,
  checkOrbitalsDisjoint,
  checkScanEnergies,
  energy,
  hivqeSettingsShape,
  integerInRange,
  jobName,
  jobTags,
  maxRuntime,
  moleculeGeometry,
  tolerance,
} from './fields.ts';
import { MAX_EXPANSION_STATES, MAX_ITERATIONS, MAX_STATES } from './hyperparameter-bounds.ts';
import { INSTANCE_TYPES } from './instances.ts';
import { JOB_INSTANCE_COUNT, JOB_VOLUME_SIZE_GB, MAX_SCAN_JOBS } from './limits.ts';
import { jobPermissionSource } from './permission-source.ts';
import { BRAKET_REGIONS } from './regions.ts';
import { jobStatus } from './statuses.ts';
import type { Widen } from './widen.ts';

/** POST /hi-vqe/hybrid-jobs (jobs.md 3 'Hybrid job create payload (cloud)'). */

const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/?[a-zA-Z_0-9+=,.@\-_/]+$/;
const S3_PATH = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?$/;

/** The payload's fields that travel to the job as hyperparameters. */
const hyperparameterShape = {
  ...hivqeSettingsShape,
  molecule_geometry: moleculeGeometry,
  device_name: z
    .string({ message: 'device_name is required' })
    .refine((arn) => findDevice(arn) !== undefined, 'device_name must be the ARN of a known device'),
  backend_name: z
    .string({ message: 'backend_name is required' })
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
      'backend_name must be 1-64 letters, digits, dots, dashes or underscores',
    ),
  aws_region: z.enum(BRAKET_REGIONS, { message: `aws_region must be one of: ${BRAKET_REGIONS.join(', ')}` }),
  max_iter: integerInRange('max_iter', 1, MAX_ITERATIONS),
  max_states: integerInRange('max_states', 1, MAX_STATES),
  max_expansion_states: integerInRange('max_expansion_states', 1, MAX_EXPANSION_STATES),
  /** Optional: without it the engine's CASCI is the reference, when the active space allows it. */
  exact_energy: energy('exact_energy').optional(),
  geometry_tag: bondKey('geometry_tag'),
  /** Not in the spec's payload list: the form's tolerance, carried so a clone gets it back. */
  tolerance: tolerance('tolerance').optional(),
  debug_use_simulator: z.boolean({ message: 'debug_use_simulator must be true or false' }),
};

/** The rules across fields, for the hyperparameters alone and for the whole payload. */
function checkHybridJob(
  value: {
    active_orbitals: readonly number[];
    frozen_orbitals: readonly number[];
    device_name: string;
    aws_region: (typeof BRAKET_REGIONS)[number];
  },
  ctx: z.RefinementCtx,
) {
  checkOrbitalsDisjoint(value, ctx);
  const device = findDevice(value.device_name);
  if (device !== undefined && !devicesForRegion(value.aws_region).includes(device)) {
    ctx.addIssue({
      code: 'custom',
      path: ['device_name'],
      message: `${device.label} is not offered in ${value.aws_region}`,
    });
  }
}

export const hybridJobHyperparameters = z.object(hyperparameterShape).superRefine(checkHybridJob);
export type HybridJobHyperparameters = z.infer<typeof hybridJobHyperparameters>;
/** Hyperparameter values as a form or a stored job holds them, before validation. */
export type HybridJobHyperparameterValues = Widen<HybridJobHyperparameters>;

export const SCAN_FIRST_MOLECULE_MESSAGE =
  'The first entry of molecules must be geometry_tag with molecule_geometry';
export const SCAN_EXACT_ENERGY_MESSAGE = "exact_energy must be exact_energies' value for geometry_tag";

/**
 * A bond scan, when the payload lists molecules: the spec's single-molecule fields must be its first entry
 * (jobs.md 3: 'the first molecule's geometry'), so a reader of those fields alone sees the same first job.
 */
function checkScan(
  value: {
    molecule_geometry: string;
    geometry_tag: string;
    exact_energy?: number;
    molecules?: Record<string, string>;
    exact_energies?: Record<string, number>;
  },
  ctx: z.RefinementCtx,
) {
  if (value.molecules === undefined) {
    if (value.exact_energies !== undefined) checkScanEnergies(value, ctx);
    return;
  }
  checkScanEnergies(value, ctx);
  const [first] = Object.entries(value.molecules);
  if (first === undefined) return;
  if (first[0] !== value.geometry_tag || first[1] !== value.molecule_geometry) {
    ctx.addIssue({ code: 'custom', path: ['molecules'], message: SCAN_FIRST_MOLECULE_MESSAGE });
  }
  if (value.exact_energies?.[value.geometry_tag] !== value.exact_energy) {
    ctx.addIssue({ code: 'custom', path: ['exact_energy'], message: SCAN_EXACT_ENERGY_MESSAGE });
  }
}

export const createHybridJobRequest = z
  .object({
    ...hyperparameterShape,
    /** Not in the spec's payload: the owner's name for the job; absent, the server names it. */
    job_name: jobName.optional(),
    max_runtime: maxRuntime,
    /** Only when the form knows the account; the server runs the job with the role of the stored settings. */
    role_arn: z
      .string()
      .regex(ROLE_ARN, 'role_arn must be an IAM role ARN such as arn:aws:iam::123456789012:role/name')
      .optional(),
    /** Accepted for compatibility; the server chooses the image. */
    ecr_image_uri: z.string().max(256).optional(),
    instance_config: z.object({
      instanceType: z.enum(INSTANCE_TYPES, {
        message: `instanceType must be one of: ${INSTANCE_TYPES.join(', ')}`,
      }),
      volumeSizeInGb: z.literal(JOB_VOLUME_SIZE_GB, `volumeSizeInGb must be ${JOB_VOLUME_SIZE_GB}`),
      instanceCount: z.literal(JOB_INSTANCE_COUNT, `instanceCount must be ${JOB_INSTANCE_COUNT}`),
    }),
    /** Absent when the form knows no account: the server uses the bucket of the stored settings. */
    output_data_config: z
      .object({ s3Path: z.string().regex(S3_PATH, 's3Path must be an s3:// address of a bucket') })
      .optional(),
    tags: jobTags,
    permission_source: jobPermissionSource.optional(),
    /**
     * Not in the spec: every bond length of the form, in its order, for a bond scan (issue 11 §3). Two or
     * more create a scan, one job per molecule; absent or one, the payload creates one job as the spec's does.
     */
    molecules: bondScanMolecules(MAX_SCAN_JOBS).optional(),
    /** The scan's exact energies by bond length; a molecule without one is compared with the CASCI. */
    exact_energies: bondScanExactEnergies.optional(),
  })
  .superRefine((value, ctx) => {
    checkHybridJob(value, ctx);
    checkScan(value, ctx);
  });
export type CreateHybridJobRequest = z.infer<typeof createHybridJobRequest>;
/** The payload as the form builds it, before the server has validated it. */
export type HybridJobPayload = Widen<CreateHybridJobRequest>;

const createdJob = z.object({ job_arn: z.string(), status: jobStatus });

/** The first job's ARN and status as the spec's create answers; with `scan` when the payload made one. */
export const createHybridJobResponse = createdJob.extend({
  scan: z.object({ scan_id: z.string(), scan_name: z.string(), jobs: z.array(createdJob) }).optional(),
});
export type CreateHybridJobResponse = z.infer<typeof createHybridJobResponse>;
