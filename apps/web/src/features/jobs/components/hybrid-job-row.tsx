import type { HybridJob } from '@hivqe/contract';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { backEndLabel } from '../back-end-label.ts';
import { hybridJobView } from '../hybrid-job-view.ts';
import { ScanLink } from '../scan/scan-link.tsx';
import { HybridJobActionsMenu, type HybridJobActions } from './hybrid-job-actions-menu.tsx';
import { JobDateCell } from './job-date-cell.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';

const cell = 'px-3 py-2 whitespace-nowrap';
const secondary = 'ml-1.5 text-xs text-slate-500';

/**
 * One job of the table on one line (jobs.md 2.1 'Table columns', issue 12): the name the user gave first, the
 * ARN behind a copy button, what the spec puts beneath a value beside it in grey, short dates, actions in a menu.
 */
export function HybridJobRow({ job, actions }: { job: HybridJob; actions: HybridJobActions }) {
  const view = hybridJobView(job);
  return (
    <tr className="border-t border-slate-100 hover:bg-slate-50">
      <td className={cell}>
        <div className="flex max-w-xs items-center gap-1">
          <span className="truncate font-medium text-slate-900">{view.givenName ?? job.job_name}</span>
          {view.givenName !== null && <span className={`${secondary} truncate`}>{job.job_name}</span>}
          <Tooltip content={job.job_arn}>
            <button
              type="button"
              aria-label="Copy ARN"
              className="ml-1 shrink-0 rounded px-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              onClick={() => actions.onCopyArn(job)}
            >
              ARN
            </button>
          </Tooltip>
          {job.scan && <ScanLink scan={job.scan} onOpen={actions.onScan} />}
        </div>
      </td>
      <td className={cell}>
        <JobStatusBadge status={job.status} />
      </td>
      <td className={cell}>
        {view.deviceName}
        {view.shots !== undefined && ` (${view.shots} shots)`}
        <span className={secondary}>{view.deviceVendor}</span>
        <span className={secondary}>{backEndLabel(job)}</span>
      </td>
      <td className={cell}>
        {view.molecule ? (
          <span title={view.molecule.tooltip}>
            <span>{view.molecule.text}</span>
            <span className={secondary}>{view.molecule.orbitals}</span>
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className={cell}>
        {view.ansatz ? <span title={view.ansatz.tooltip}>{view.ansatz.text}</span> : '-'}
      </td>
      <td className={cell}>
        <JobDateCell value={job.created_at} />
      </td>
      <td className={cell}>
        <JobDateCell value={job.started_at} />
      </td>
      <td className={cell}>
        <JobDateCell value={job.ended_at} />
      </td>
      <td className={`${cell} text-right`}>
        <HybridJobActionsMenu job={job} actions={actions} />
      </td>
    </tr>
  );
}
