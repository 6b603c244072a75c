import { JOB_TABLE_DEFAULT_PAGE_SIZE, pageCount, type HybridJob } from '@hivqe/contract';
import { useState } from 'react';
import { NO_FILTERS, applyFilters, filterChoices, type HybridJobFilters } from '../hybrid-job-filters.ts';
import type { HybridJobActions } from './hybrid-job-row.tsx';
import { HybridJobFiltersBar } from './hybrid-job-filters-bar.tsx';
import { HybridJobsTable } from './hybrid-jobs-table.tsx';
import { JobsPagination } from './jobs-pagination.tsx';

/**
 * Filters, table and pagination over the whole fetched list, on the client (jobs.md 2.1); the list arrives
 * newest first. Any change of a filter or of the page size goes back to page 1.
 */
export function HybridJobsBrowser({
  jobs,
  actions,
}: {
  jobs: readonly HybridJob[];
  actions: HybridJobActions;
}) {
  const [filters, setFilters] = useState<HybridJobFilters>(NO_FILTERS);
  const [pageSize, setPageSize] = useState<number>(JOB_TABLE_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const shown = applyFilters(jobs, filters, new Date());
  // A reload may leave fewer pages than the one being viewed.
  const current = Math.min(page, pageCount(shown.length, pageSize));
  const pageJobs = shown.slice((current - 1) * pageSize, current * pageSize);

  return (
    <div className="space-y-4">
      <HybridJobFiltersBar
        filters={filters}
        choices={filterChoices(jobs)}
        pageSize={pageSize}
        onFilters={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <HybridJobsTable jobs={pageJobs} actions={actions} />
      <JobsPagination page={current} pageSize={pageSize} total={shown.length} onPage={setPage} />
    </div>
  );
}
