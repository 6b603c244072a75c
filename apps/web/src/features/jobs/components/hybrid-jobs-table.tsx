import type { HybridJob } from '@hivqe/contract';
import { HybridJobRow, type HybridJobActions } from './hybrid-job-row.tsx';

const COLUMNS = [
  'Job Name',
  'Status',
  'Device',
  'Molecule',
  'Ansatz',
  'Created',
  'Started',
  'Ended',
  'Actions',
];

export function HybridJobsTable({
  jobs,
  actions,
}: {
  jobs: readonly HybridJob[];
  actions: HybridJobActions;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <HybridJobRow key={job.job_arn} job={job} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
