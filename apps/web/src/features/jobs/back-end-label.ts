import { JOB_BACKEND_LABELS, type JobBackendName } from '@hivqe/contract';

/**
 * Where a job runs, as rows, details, monitor and result card name it beside the device (issue 11 §4):
 * the service, and when the local engine stands in for the quantum computer the job names, that it was
 * simulated locally.
 */
export const backEndLabel = (job: { backend: JobBackendName; simulated_locally: boolean }): string =>
  JOB_BACKEND_LABELS[job.backend] + (job.simulated_locally ? ' (simulated locally)' : '');
