import {
  formatUtcDateTime,
  isTerminalJobStatus,
  LOG_POLL_INTERVAL_MS,
  type JobResultDocument,
  type JobStatus,
} from '@hivqe/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useHybridJobMetrics } from '../api/get-hybrid-job-metrics.ts';
import { JobLogsDrawer } from './job-logs-drawer.tsx';
import { JobResultDownload } from './job-result-download.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { JobResultCard } from './result-card/job-result-card.tsx';

/** The chart library is large; it is loaded when a monitor first opens, not with the console. */
const EnergyConvergenceChart = lazy(() =>
  import('./energy-convergence-chart.tsx').then((module) => ({ default: module.EnergyConvergenceChart })),
);

/** A job as the monitor shows it, whichever panel it comes from. */
export interface MonitoredJob {
  jobArn: string;
  jobName: string;
  status: JobStatus;
  /** The header's device: its name, or 'Not specified'. */
  device: string;
  /** The device as the result card names it. */
  deviceLabel: string;
  /** Where the job runs (backEndLabel). */
  backEnd: string;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  failureReason: string | null;
}

interface JobMonitorDialogProps {
  /** The job as it is now; the caller keeps it fresh while the job runs. */
  job: MonitoredJob;
  result: UseQueryResult<JobResultDocument>;
  /** Fetches the result document afresh for a download. */
  loadResult: () => Promise<JobResultDocument>;
  onClose: () => void;
  /** Where the job stands beyond its status, under the header (an IQM job waiting in IQM's queue). */
  notice?: ReactNode;
}

/**
 * The Job Monitor (jobs.md 2.3) of a cloud or an IQM job: its header, the result card beside the convergence
 * chart (both in view at 1280×800), the download and the logs. The energy points are fetched every 5 seconds
 * until the job reaches a terminal status; once it ends, the points and the result are fetched one last time.
 */
export function JobMonitorDialog({ job, result, loadResult, onClose, notice }: JobMonitorDialogProps) {
  const finished = isTerminalJobStatus(job.status);
  const metrics = useHybridJobMetrics(job.jobArn, { finished });
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

  // The engine tells a molecule's RHF energy within seconds of starting it, long before its result: while a
  // running job's card lacks one, the document is asked for again every 5 seconds (a Braket job's has it only
  // once the job has ended, so it is not asked for).
  const awaitingRhf =
    job.status === 'RUNNING' &&
    result.data !== undefined &&
    result.data.backend !== 'braket' &&
    result.data.molecules.some((molecule) => molecule.rhf_energy === null);
  useEffect(() => {
    if (!awaitingRhf) return;
    const timer = setInterval(() => void refetchResult(), LOG_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [awaitingRhf, refetchResult]);

  // One molecule's card is a narrow list that sits beside the chart; a scan's is a wide table, above it.
  const sideBySide = (result.data?.molecules.length ?? 1) <= 1;
  const header = [
    { label: 'Device', value: job.device },
    { label: 'Back End', value: job.backEnd },
    { label: 'Created', value: formatUtcDateTime(job.createdAt) },
    { label: 'Started', value: job.startedAt ? formatUtcDateTime(job.startedAt) : 'Not started' },
    { label: 'Ended', value: job.endedAt ? formatUtcDateTime(job.endedAt) : 'Not ended' },
  ];

  return (
    <Modal title={`Job Monitor - ${job.jobName}`} onClose={onClose} size="xl" initialFocus="title">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
        <JobStatusBadge status={job.status} />
        <dl className="contents">
          {header.map(({ label, value }) => (
            <div key={label} className="flex gap-1.5">
              <dt className="text-slate-500">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {notice}
      {job.failureReason && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-semibold">Failure Reason</p>
          <p>{job.failureReason}</p>
        </div>
      )}
      <div
        data-layout={sideBySide ? 'side-by-side' : 'stacked'}
        className={`grid grid-cols-1 items-start gap-4 ${sideBySide ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]' : ''}`}
      >
        <JobResultCard result={result.data} failed={result.isError} deviceLabel={job.deviceLabel} />
        <Suspense fallback={<p className="text-sm text-slate-500">Loading chart...</p>}>
          <EnergyConvergenceChart points={metrics.data?.points ?? []} fileName={job.jobName} />
        </Suspense>
      </div>
      <JobResultDownload load={loadResult} />
      <JobLogsDrawer jobArn={job.jobArn} finished={finished} />
    </Modal>
  );
}
