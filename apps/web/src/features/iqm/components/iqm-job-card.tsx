import { formatUtcDateTime, type IqmJob } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { JobStatusBadge } from '../../jobs/components/job-status-badge.tsx';
import { iqmDeviceLabel } from '../iqm-devices.ts';

interface IqmJobCardProps {
  job: IqmJob;
  onOpen: () => void;
  onMonitor: () => void;
}

/** One IQM job (jobs.md 2.9); the card opens its details, 'Monitor Job' its monitor as the cloud panel's does. */
export function IqmJobCard({ job, onOpen, onMonitor }: IqmJobCardProps) {
  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-200 pr-4 hover:border-accent-500">
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 space-y-2 rounded-l-lg p-4 text-left hover:bg-slate-50"
      >
        <span className="flex items-center justify-between gap-3">
          <span className="font-medium text-slate-900">{job.job_name}</span>
          <JobStatusBadge status={job.status} />
        </span>
        <span className="grid grid-cols-1 gap-1 text-xs text-slate-600 sm:grid-cols-3">
          <span>Created: {formatUtcDateTime(job.created_at)}</span>
          <span>Started: {formatUtcDateTime(job.started_at)}</span>
          <span>Ended: {formatUtcDateTime(job.ended_at)}</span>
        </span>
        <span className="block text-xs text-slate-600">Device: {iqmDeviceLabel(job.device)}</span>
        <span className="block text-xs break-all text-slate-500">Job ARN: {job.job_arn}</span>
      </button>
      <Button variant="secondary" onClick={onMonitor}>
        Monitor Job
      </Button>
    </div>
  );
}
