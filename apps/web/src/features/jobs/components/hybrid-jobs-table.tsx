import { parseJobSort, type HybridJob, type JobSort, type JobSortColumn } from '@hivqe/contract';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll.tsx';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { nextJobSort } from '../hybrid-job-filters.ts';
import type { HybridJobActions } from './hybrid-job-actions-menu.tsx';
import { HybridJobRow } from './hybrid-job-row.tsx';

/** jobs.md 2.1's columns; those the server can order by have a sort. */
const COLUMNS: readonly { label: string; sort?: JobSortColumn }[] = [
  { label: 'Job Name', sort: 'job_name' },
  { label: 'Status', sort: 'status' },
  { label: 'Device' },
  { label: 'Molecule' },
  { label: 'Ansatz' },
  { label: 'Created', sort: 'created_at' },
  { label: 'Started', sort: 'started_at' },
  { label: 'Ended', sort: 'ended_at' },
  { label: 'Actions' },
];

interface HybridJobsTableProps {
  jobs: readonly HybridJob[];
  actions: HybridJobActions;
  sort: JobSort;
  onSort: (sort: JobSort) => void;
}

/**
 * The jobs table, one line per job. A sortable column's header is a button (a click sorts by it, a second
 * click reverses) and the sorted one carries aria-sort.
 */
export function HybridJobsTable({ jobs, actions, sort, onSort }: HybridJobsTableProps) {
  const sorted = parseJobSort(sort);
  return (
    <TooltipProvider>
      {/* At 1280 px every column fits (hybrid-job-row.tsx); narrower, the table scrolls inside its box. */}
      <HorizontalScroll label="Jobs">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase">
            <tr>
              {COLUMNS.map(({ label, sort: column }) => {
                const active = column !== undefined && column === sorted.column;
                const direction = sorted.descending ? 'descending' : 'ascending';
                return (
                  <th
                    key={label}
                    scope="col"
                    aria-sort={active ? direction : undefined}
                    className={`px-2 py-2 ${label === 'Actions' ? 'text-right' : ''}`}
                  >
                    {label === 'Actions' ? (
                      // The menu buttons speak for themselves; the header's width goes to the values (issue 30).
                      <span className="sr-only">{label}</span>
                    ) : column === undefined ? (
                      label
                    ) : (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-800"
                        onClick={() => onSort(nextJobSort(sort, column))}
                      >
                        {label}
                        <span aria-hidden="true" className={active ? 'text-slate-800' : 'text-slate-300'}>
                          {active && !sorted.descending ? '▲' : '▼'}
                        </span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <HybridJobRow key={job.job_arn} job={job} actions={actions} />
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
    </TooltipProvider>
  );
}
