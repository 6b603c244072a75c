import type { HybridJob } from '@hivqe/contract';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { backEndLabel } from '../back-end-label.ts';
import { hybridJobView } from '../hybrid-job-view.ts';
import { ScanLink } from '../scan/scan-link.tsx';
import { HybridJobActionsMenu, type HybridJobActions } from './hybrid-job-actions-menu.tsx';
import { JobDateCell } from './job-date-cell.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';

const cell = 'px-2 py-2 whitespace-nowrap';
/**
 * What the spec puts beneath a value (the server's job name, shots, vendor, back end, orbitals): read by screen
 * readers and shown in the value's hover title, but not drawn, so every column fits 1280 px (issue 30).
 */
const secondary = 'sr-only';
/** A value cut to its column with an ellipsis; its title gives it whole. */
const truncated = (width: string) => `inline-block ${width} truncate align-bottom`;

/**
 * One job of the table on one line (jobs.md 2.1 'Table columns', issues 12 and 30): the name the user gave first,
 * the ARN behind a copy button, the lesser values off screen and on hover, short dates, actions in a menu.
 */
export function HybridJobRow({ job, actions }: { job: HybridJob; actions: HybridJobActions }) {
  const view = hybridJobView(job);
  const name = view.givenName ?? job.job_name;
  const shots = view.shots === undefined ? '' : ` (${view.shots} shots)`;
  const backEnd = backEndLabel(job);
  return (
    <tr className="border-t border-slate-100 hover:bg-slate-50">
      <td className={cell}>
        <div className="flex items-center gap-1">
          <span
            className={`${truncated('max-w-[8rem]')} font-medium text-slate-900`}
            title={view.givenName === null ? name : `${name} (${job.job_name})`}
          >
            {name}
          </span>
          {view.givenName !== null && <span className={secondary}>{job.job_name}</span>}
          <Tooltip content={job.job_arn}>
            <button
              type="button"
              aria-label="Copy ARN"
              className="shrink-0 rounded px-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800"
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
        <span
          className={truncated('max-w-[7rem]')}
          title={`${view.deviceName}${shots}\n${view.deviceVendor}\n${backEnd}`}
        >
          {view.deviceName}
          <span className={secondary}>
            {shots}, {view.deviceVendor}, {backEnd}
          </span>
        </span>
      </td>
      <td className={cell}>
        {view.molecule ? (
          <span className={truncated('max-w-[8rem]')} title={view.molecule.tooltip}>
            <span>{view.molecule.text}</span>
            <span className={secondary}>{view.molecule.orbitals}</span>
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className={cell}>
        {view.ansatz ? (
          <span className={truncated('max-w-[6rem]')} title={view.ansatz.tooltip}>
            {view.ansatz.text}
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className={`${cell} text-xs`}>
        <JobDateCell value={job.created_at} />
      </td>
      <td className={`${cell} text-xs`}>
        <JobDateCell value={job.started_at} />
      </td>
      <td className={`${cell} text-xs`}>
        <JobDateCell value={job.ended_at} />
      </td>
      <td className={`${cell} text-right`}>
        <HybridJobActionsMenu job={job} actions={actions} />
      </td>
    </tr>
  );
}
