import { z } from 'zod';
import { JOB_BACKEND_NAMES } from './back-ends.ts';
import { hyperparameterMap, isoTimestamp, jobArn, maxResults, nextToken } from './fields.ts';
import { jobListFilters } from './job-list-query.ts';
import { jobScan } from './scans.ts';
import { jobStatus } from './statuses.ts';

/** The cloud hybrid-job calls other than create (jobs.md 3, 7). */

const tags = z.record(z.string(), z.string());

/** A list item, also the answer of GET /hi-vqe/hybrid-jobs/job. */
export const hybridJob = z.object({
  job_arn: z.string(),
  job_name: z.string(),
  status: jobStatus,
  /** The device path (an ARN on the cloud path). */
  device: z.string(),
  /** The service that runs the job (issue 11 §4). */
  backend: z.enum(JOB_BACKEND_NAMES),
  /** The local engine stands in for the quantum computer the device names. */
  simulated_locally: z.boolean(),
  created_at: isoTimestamp,
  started_at: isoTimestamp.nullable(),
  ended_at: isoTimestamp.nullable(),
  failure_reason: z.string().nullable(),
  tags,
  hyperparameters: hyperparameterMap,
  /** Not in the spec: the bond scan the job belongs to (issue 11 §3); absent or null for a job created alone. */
  scan: jobScan.optional(),
});
export type HybridJob = z.infer<typeof hybridJob>;

export const hybridJobListResponse = z.object({
  jobs: z.array(hybridJob),
  next_token: z.string().nullable(),
  /** How many jobs match the filters and search, over all pages. */
  total_count: z.number().int().min(0),
});
export type HybridJobListResponse = z.infer<typeof hybridJobListResponse>;

export const hybridJobListQuery = z.object({
  max_results: maxResults,
  next_token: nextToken,
  user_id: z.string().trim().min(1).max(254).optional(),
  status_filter: jobStatus.optional(),
  ...jobListFilters.shape,
});
export type HybridJobListQuery = z.infer<typeof hybridJobListQuery>;

/** GET /hi-vqe/hybrid-jobs/job and POST .../job/cancel. */
export const hybridJobQuery = z.object({ job_arn: jobArn });
export type HybridJobQuery = z.infer<typeof hybridJobQuery>;

/** GET /hi-vqe/hybrid-jobs/detail: frontend_status is the status the console shows, a hint only. */
export const hybridJobDetailQuery = hybridJobQuery.extend({ frontend_status: z.string().max(32).optional() });
export type HybridJobDetailQuery = z.infer<typeof hybridJobDetailQuery>;

/** The spec's readers take job_status or status; both are sent, equal. */
export const hybridJobDetailResponse = z.object({
  job_arn: z.string(),
  job_history: z.object({
    job_name: z.string(),
    job_status: jobStatus,
    status: jobStatus,
    created_at: isoTimestamp,
    last_updated: isoTimestamp.nullable(),
    assume_role_used: z.boolean(),
    role_arn: z.string().nullable(),
  }),
  job_parameters: z.object({
    hyperparameters: hyperparameterMap.nullable(),
    output_data_config: z.object({ s3Path: z.string() }).nullable(),
    instance_config: z
      .object({ instanceType: z.string(), volumeSizeInGb: z.number().int(), instanceCount: z.number().int() })
      .nullable(),
  }),
});
export type HybridJobDetailResponse = z.infer<typeof hybridJobDetailResponse>;

/** POST /hi-vqe/hybrid-jobs/job/cancel: Braket's cancellationStatus. */
export const cancelHybridJobResponse = z.object({
  job_arn: z.string(),
  status: z.enum(['CANCELLING', 'CANCELLED']),
});
export type CancelHybridJobResponse = z.infer<typeof cancelHybridJobResponse>;
