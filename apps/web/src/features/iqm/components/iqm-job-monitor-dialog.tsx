import type { IqmJob } from '@hivqe/contract';
import { backEndLabel } from '../../jobs/back-end-label.ts';
import { JobMonitorDialog } from '../../jobs/components/job-monitor-dialog.tsx';
import { useLiveIqmJob } from '../api/get-iqm-job.ts';
import { getIqmJobResult, useIqmJobResult } from '../api/get-iqm-job-result.ts';
import { iqmDeviceLabel } from '../iqm-devices.ts';
import { IqmQueueNotice } from './iqm-queue-notice.tsx';

/**
 * The IQM panel's Job Monitor, the cloud panel's own (issue 11 §6). An IQM job answers no failure reason of
 * its own; its result document carries it. While its IQM job waits in IQM's queue, the monitor says so.
 */
export function IqmJobMonitorDialog({ job, onClose }: { job: IqmJob; onClose: () => void }) {
  const { data: current } = useLiveIqmJob(job);
  const result = useIqmJobResult(job.job_arn);
  const device = iqmDeviceLabel(current.device);
  return (
    <JobMonitorDialog
      job={{
        jobArn: job.job_arn,
        jobName: job.job_name,
        status: current.status,
        device,
        deviceLabel: device,
        backEnd: backEndLabel(current),
        createdAt: current.created_at,
        startedAt: current.started_at,
        endedAt: current.ended_at,
        failureReason: result.data?.failure_reason ?? null,
      }}
      result={result}
      loadResult={() => getIqmJobResult(job.job_arn)}
      onClose={onClose}
      notice={current.queue && <IqmQueueNotice queue={current.queue} />}
    />
  );
}
