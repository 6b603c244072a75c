import { DEFAULT_JOB_SORT, JOB_TABLE_DEFAULT_PAGE_SIZE, pageCount } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useHybridJobsPage, type HybridJobsScope, type HybridJobsView } from '../api/list-hybrid-jobs.ts';
import { FILTER_CHOICES, NO_FILTERS, hasFilters } from '../hybrid-job-filters.ts';
import type { HybridJobActions } from './hybrid-job-actions-menu.tsx';
import { HybridJobFiltersBar } from './hybrid-job-filters-bar.tsx';
import { HybridJobsTable } from './hybrid-jobs-table.tsx';
import { JobsPagination } from './jobs-pagination.tsx';

const FIRST_VIEW: HybridJobsView = {
  page: 1,
  pageSize: JOB_TABLE_DEFAULT_PAGE_SIZE,
  sort: DEFAULT_JOB_SORT,
  filters: NO_FILTERS,
};

/**
 * Search, filters, table and pagination (jobs.md 2.1) over the one page the server answers, newest first until
 * a header is clicked; only that page is fetched. Any change of the search, a filter, the order or the page
 * size goes back to page 1.
 */
export function HybridJobsBrowser({
  scope,
  actions,
  onCreateFirst,
}: {
  scope: HybridJobsScope;
  actions: HybridJobActions;
  onCreateFirst: () => void;
}) {
  const [view, setView] = useState<HybridJobsView>(FIRST_VIEW);
  const list = useHybridJobsPage(scope, view);

  if (list.isPending) return <StatusMessage>Loading hybrid jobs...</StatusMessage>;
  if (list.data === undefined) return <Banner tone="error">Failed to load hybrid jobs</Banner>;
  const total = list.data.total_count;
  // A reload may leave fewer pages than the one being viewed.
  const pages = pageCount(total, view.pageSize);
  if (!list.isPlaceholderData && view.page > pages) setView({ ...view, page: pages });
  const filtered = hasFilters(view.filters);
  if (total === 0 && !filtered) {
    return (
      <div className="space-y-2 py-10 text-center">
        <p className="font-medium text-slate-800">No hybrid jobs found</p>
        <p className="text-sm text-slate-500">Create your first hybrid job to get started</p>
        <Button onClick={onCreateFirst}>Create Your First Job</Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <HybridJobFiltersBar
        filters={view.filters}
        choices={FILTER_CHOICES}
        pageSize={view.pageSize}
        onFilters={(filters) => setView({ ...view, filters, page: 1 })}
        onPageSize={(pageSize) => setView({ ...view, pageSize, page: 1 })}
      />
      {total === 0 ? (
        <div className="space-y-2 py-10 text-center">
          <p className="font-medium text-slate-800">No jobs match the search and filters</p>
          <Button variant="secondary" onClick={() => setView({ ...view, filters: NO_FILTERS, page: 1 })}>
            Clear filters
          </Button>
        </div>
      ) : (
        <HybridJobsTable
          jobs={list.data.jobs}
          actions={actions}
          sort={view.sort}
          onSort={(sort) => setView({ ...view, sort, page: 1 })}
        />
      )}
      <JobsPagination
        page={Math.min(view.page, pages)}
        pageSize={view.pageSize}
        total={total}
        onPage={(page) => setView({ ...view, page })}
      />
    </div>
  );
}
