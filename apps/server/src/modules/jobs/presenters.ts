import {
  simulatedLocally,
  type EnergyDataPoint,
  type HybridJob,
  type HybridJobDetailResponse,
  type HybridJobLogsResponse,
  type IqmJob,
} from '@hivqe/contract';
import type { JobRow } from '../../db/schema/jobs.ts';
import type { EnergyPoint, JobLogs } from '../../providers/quantum/backend.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The times and state every job answer carries, and where it runs. */
const lifecycle = (job: JobRow) => ({
  job_arn: job.jobArn,
  job_name: job.jobName,
  status: job.status,
  backend: job.backend,
  simulated_locally: simulatedLocally(job.backend, job.device),
  created_at: job.createdAt.toISOString(),
  started_at: iso(job.startedAt),
  ended_at: iso(job.endedAt),
});

export const presentHybridJob = (job: JobRow): HybridJob => ({
  ...lifecycle(job),
  device: job.device,
  failure_reason: job.failureReason,
  tags: job.tags,
  hyperparameters: job.hyperparameters,
  scan: job.scanId === null ? null : { scan_id: job.scanId, scan_name: job.scanName ?? '' },
});

export const presentIqmJob = (job: JobRow): IqmJob => ({
  ...lifecycle(job),
  device: job.device,
  hyperparameters: job.hyperparameters,
  output_data_config: job.outputDataConfig,
  tags: job.tags,
  queue:
    job.iqmQueuedSince === null
      ? null
      : { position: job.iqmQueuePosition, waiting_since: job.iqmQueuedSince.toISOString() },
});

export const presentDetail = (job: JobRow): HybridJobDetailResponse => ({
  job_arn: job.jobArn,
  job_history: {
    job_name: job.jobName,
    job_status: job.status,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    last_updated: job.updatedAt.toISOString(),
    assume_role_used: job.roleArn !== null,
    role_arn: job.roleArn,
  },
  job_parameters: {
    hyperparameters: job.hyperparameters,
    output_data_config: job.outputDataConfig,
    instance_config: job.instanceConfig,
  },
});

export const presentLogs = (logs: JobLogs): HybridJobLogsResponse => ({
  logs: logs.events.map((event) => ({ message: event.message, timestamp: event.timestamp.toISOString() })),
  log_stream_name: logs.streamName,
  success: true,
  message: logs.events.length === 0 ? 'No logs available' : `${logs.events.length} log events`,
});

export const presentPoint = (point: EnergyPoint): EnergyDataPoint => ({
  ...point,
  timestamp: point.timestamp.toISOString(),
});
