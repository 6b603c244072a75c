import { deviceNameFromPath, formatUtcDateTime, isTerminalJobStatus, type HybridJob } from '@hivqe/contract';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useLiveHybridJob } from '../api/get-hybrid-job.ts';
import { useHybridJobMetrics } from '../api/get-hybrid-job-metrics.ts';
import { getHybridJobResult, useHybridJobResult } from '../api/get-hybrid-job-result.ts';
import { DetailList } from './detail-list.tsx';
import { JobLogsDrawer } from './job-logs-drawer.tsx';
import { JobResultDownload } from './job-result-download.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { JobResultCard } from './result-card/job-result-card.tsx';
import { cloudDeviceLabel } from './result-card/result-format.ts';

/** The chart library is large; it is loaded when a monitor first opens, not with the console. */
const EnergyConvergenceChart = lazy(() =>
  import('./energy-convergence-chart.tsx').then((module) => ({ default: module.EnergyConvergenceChart })),
);

/**
 * jobs.md 2.3. The job and its energy points are fetched every 5 seconds until the job reaches a terminal
 * status, so the chart draws the run as it goes; once it ends, the points are fetched one last time.
 */
export function HybridJobMonitorDialog({ job, onClose }: { job: HybridJob; onClose: () => void }) {
  const { data: current } = useLiveHybridJob(job);
  const finished = isTerminalJobStatus(current.status);
  const metrics = useHybridJobMetrics(job.job_arn, { finished });
  const result = useHybridJobResult(job.job_arn);
  const { refetch } = metrics;
  const { refetch: refetchResult } = result;
  const wasFinished = useRef(finished);

  useEffect(() => {
    if (finished && !wasFinished.current) {
      void refetch();
      void refetchResult();
    }
    wasFinished.current = finished;
  }, [finished, refetch, refetchResult]);
  // The user's exact energy, or once the engine has it its CASCI; none at all draws no reference line.
  const reference = result.data?.molecules[0]?.reference?.energy;

  return (
    <Modal title={`Job Monitor - ${job.job_name}`} onClose={onClose} size="xl">
      <div className="flex items-center gap-3">
        <JobStatusBadge status={current.status} />
      </div>
      <DetailList
        items={[
          { label: 'Device', value: deviceNameFromPath(current.device) || 'Not specified' },
          { label: 'Created', value: formatUtcDateTime(current.created_at) },
          {
            label: 'Started',
            value: current.started_at ? formatUtcDateTime(current.started_at) : 'Not started',
          },
          { label: 'Ended', value: current.ended_at ? formatUtcDateTime(current.ended_at) : 'Not ended' },
        ]}
      />
      {current.failure_reason && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-semibold">Failure Reason</p>
          <p>{current.failure_reason}</p>
        </div>
      )}
      <JobResultCard
        result={result.data}
        failed={result.isError}
        deviceLabel={cloudDeviceLabel(current.device)}
      />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading chart...</p>}>
        <EnergyConvergenceChart points={metrics.data?.points ?? []} exactEnergy={reference} />
      </Suspense>
      <JobResultDownload load={() => getHybridJobResult(job.job_arn)} />
      <JobLogsDrawer jobArn={job.job_arn} finished={finished} />
    </Modal>
  );
}
