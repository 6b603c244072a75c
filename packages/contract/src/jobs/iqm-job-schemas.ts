import { z } from 'zod';
import { JOB_BACKEND_NAMES } from './back-ends.ts';
import {
  MAX_MOLECULES,
  bondScanExactEnergies,
  bondScanMolecules,
  checkOrbitalsDisjoint,
  checkScanEnergies,
  hivqeSettingsShape,
  integerInRange,
  isoTimestamp,
  jobName,
  jobTags,
  maxResults,
  maxRuntime,
  nextToken,
} from './fields.ts';
import { MAX_EXPANSION_STATES, MAX_ITERATIONS, MAX_STATES } from './hyperparameter-bounds.ts';
import { IQM_DEVICES } from './iqm.ts';
import { jobPermissionSource } from './permission-source.ts';
import { jobStatus } from './statuses.ts';
import type { Widen } from './widen.ts';

/** The IQM panel's calls (jobs.md 2.9-2.10, 3, 7). */

/**
 * Not in the spec (issue 26): the IQM job a running job waits on, while it waits in IQM's queue. Its position
 * is IQM's, null where IQM gives none; the time waited counts from waiting_since.
 */
export const iqmJobQueue = z.object({
  position: z.number().int().min(0).nullable(),
  waiting_since: isoTimestamp,
});
export type IqmJobQueue = z.infer<typeof iqmJobQueue>;

/** A list item, also the answer of GET /hi-vqe/iqm-jobs/{id}. */
export const iqmJob = z.object({
  job_name: z.string(),
  status: jobStatus,
  job_arn: z.string(),
  /** Null: the panel shows its default label. */
  device: z.string().nullable(),
  /** The service that runs the job (issue 11 §4). */
  backend: z.enum(JOB_BACKEND_NAMES),
  /** The local engine stands in for the IQM computer the job names. */
  simulated_locally: z.boolean(),
  created_at: isoTimestamp,
  started_at: isoTimestamp.nullable(),
  ended_at: isoTimestamp.nullable(),
  hyperparameters: z.record(z.string(), z.unknown()),
  output_data_config: z.record(z.string(), z.unknown()).nullable(),
  tags: z.record(z.string(), z.string()),
  /** Null unless the job waits in IQM's queue now. */
  queue: iqmJobQueue.nullable(),
});
export type IqmJob = z.infer<typeof iqmJob>;

export const iqmJobListResponse = z.object({ jobs: z.array(iqmJob), next_token: z.string().nullable() });
export type IqmJobListResponse = z.infer<typeof iqmJobListResponse>;

export const iqmJobListQuery = z.object({ max_results: maxResults, next_token: nextToken });
export type IqmJobListQuery = z.infer<typeof iqmJobListQuery>;

/** The {id} of GET /hi-vqe/iqm-jobs/{id}: the last '/'-segment of the job ARN. */
export const iqmJobParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'Invalid job id'),
});
export type IqmJobParams = z.infer<typeof iqmJobParams>;

/**
 * The wizard's hyperparameters (reading B of jobs.md 3), every molecule with its exact energy if any. max_states and
 * max_expansion_states are not in reading B's list but are asked for in the wizard's first step, so they are
 * sent when given; the engine's defaults apply otherwise.
 */
export const iqmJobHyperparameters = z
  .object({
    ...hivqeSettingsShape,
    max_iterations: integerInRange('max_iterations', 1, MAX_ITERATIONS),
    max_states: integerInRange('max_states', 1, MAX_STATES).optional(),
    max_expansion_states: integerInRange('max_expansion_states', 1, MAX_EXPANSION_STATES).optional(),
    molecules: bondScanMolecules(MAX_MOLECULES),
    exact_energies: bondScanExactEnergies.optional(),
  })
  .superRefine((value, ctx) => {
    checkOrbitalsDisjoint(value, ctx);
    checkScanEnergies(value, ctx);
  });
export type IqmJobHyperparameters = z.infer<typeof iqmJobHyperparameters>;

/** POST /hi-vqe/iqm-jobs. */
export const createIqmJobRequest = z.object({
  /** Absent: the server names it 'iqm-job-{timestamp}', as the wizard always has. */
  job_name: jobName.optional(),
  max_runtime: maxRuntime,
  device: z.enum(IQM_DEVICES, { message: `device must be one of: ${IQM_DEVICES.join(', ')}` }),
  hyperparameters: iqmJobHyperparameters,
  tags: jobTags,
  permission_source: jobPermissionSource.optional(),
});
export type CreateIqmJobRequest = z.infer<typeof createIqmJobRequest>;
/** The payload as the wizard builds it, before the server has validated it. */
export type IqmJobPayload = Widen<CreateIqmJobRequest>;

export const createIqmJobResponse = z.object({ job_arn: z.string(), status: jobStatus });
export type CreateIqmJobResponse = z.infer<typeof createIqmJobResponse>;
