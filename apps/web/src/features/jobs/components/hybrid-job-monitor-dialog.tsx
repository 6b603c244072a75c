import { deviceNameFromPath, type HybridJob } from '@hivqe/contract';
import { useLiveHybridJob } from '../api/get-hybrid-job.ts';
import { getHybridJobResult, useHybridJobResult } from '../api/get-hybrid-job-result.ts';
import { JobMonitorDialog } from './job-monitor-dialog.tsx';
import { backEndLabel } from '../back-end-label.ts';
import { cloudDeviceLabel } from './result-card/result-format.ts';

/** The cloud panel's Job Monitor (jobs.md 2.3): the job is fetched every 5 seconds until it ends. */
export function HybridJobMonitorDialog({ job, onClose }: { job: HybridJob; onClose: () => void }) {
  const { data: current } = useLiveHybridJob(job);
  const result = useHybridJobResult(job.job_arn);
  return (
    <JobMonitorDialog
      job={{
        jobArn: job.job_arn,
        jobName: job.job_name,
        status: current.status,
        device: deviceNameFromPath(current.device) || 'Not specified',
        deviceLabel: cloudDeviceLabel(current.device),
        backEnd: backEndLabel(current),
        createdAt: current.created_at,
        startedAt: current.started_at,
        endedAt: current.ended_at,
        failureReason: current.failure_reason,
      }}
      result={result}
      loadResult={() => getHybridJobResult(job.job_arn)}
      onClose={onClose}
    />
  );
}
