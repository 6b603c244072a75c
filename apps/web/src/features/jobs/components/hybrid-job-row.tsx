import { formatUtcDateTime, isActiveJobStatus, type HybridJob } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { hybridJobView } from '../hybrid-job-view.ts';
import { JobStatusBadge } from './job-status-badge.tsx';

export interface HybridJobActions {
  onDetails: (job: HybridJob) => void;
  onMonitor: (job: HybridJob) => void;
  onClone: (job: HybridJob) => void;
  onCancel: (job: HybridJob) => void;
}

const cell = 'px-3 py-3 align-top';
const secondary = 'block text-xs text-slate-500';

/** One job of the table (jobs.md 2.1 'Table columns'); Cancel only while the job is active. */
export function HybridJobRow({ job, actions }: { job: HybridJob; actions: HybridJobActions }) {
  const view = hybridJobView(job);
  return (
    <tr className="border-t border-slate-100">
      <td className={cell}>
        <span className="block font-medium text-slate-900">{job.job_name}</span>
        <span className={`${secondary} break-all`}>{job.job_arn}</span>
      </td>
      <td className={cell}>
        <JobStatusBadge status={job.status} />
      </td>
      <td className={cell}>
        <span className="block">
          {view.deviceName}
          {view.shots !== undefined && ` (${view.shots} shots)`}
        </span>
        <span className={secondary}>{view.deviceVendor}</span>
      </td>
      <td className={cell}>
        {view.molecule ? (
          <span title={view.molecule.tooltip}>
            <span className="block">{view.molecule.text}</span>
            <span className={secondary}>{view.molecule.orbitals}</span>
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className={cell}>
        {view.ansatz ? <span title={view.ansatz.tooltip}>{view.ansatz.text}</span> : '-'}
      </td>
      <td className={cell}>{formatUtcDateTime(job.created_at)}</td>
      <td className={cell}>{formatUtcDateTime(job.started_at)}</td>
      <td className={cell}>{formatUtcDateTime(job.ended_at)}</td>
      <td className={cell}>
        <div className="flex flex-col items-start gap-1">
          <Button variant="link" onClick={() => actions.onDetails(job)}>
            View Details
          </Button>
          <Button variant="link" onClick={() => actions.onMonitor(job)}>
            Monitor Job
          </Button>
          <Button variant="link" onClick={() => actions.onClone(job)}>
            Clone Job
          </Button>
          {isActiveJobStatus(job.status) && (
            <Button variant="link" className="text-red-600" onClick={() => actions.onCancel(job)}>
              Cancel Job
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
