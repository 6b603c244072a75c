import { formatRuntime, isActiveJobStatus, type AdminJob } from '@hivqe/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { HybridJobCancelDialog } from '../../jobs/components/hybrid-job-cancel-dialog.tsx';
import { JobStatusBadge } from '../../jobs/components/job-status-badge.tsx';
import { useAdminJobs } from '../api/get-admin-jobs.ts';

/**
 * Every user's jobs that are not over (issue 24 §5): what holds the runners, whose it is, and a Cancel for
 * each job still queued or running. The server checks that the caller is a system administrator.
 */
export function AdminJobsSection() {
  const jobs = useAdminJobs();
  const [cancelling, setCancelling] = useState<AdminJob | null>(null);
  const list = jobs.data?.jobs ?? [];
  return (
    <Panel
      title="Active Jobs"
      description="Queued and running jobs of every user, longest running first"
      actions={
        <Button variant="secondary" disabled={jobs.isFetching} onClick={() => void jobs.refetch()}>
          Refresh
        </Button>
      }
    >
      <QueryErrorBanner error={jobs.error} failedAt={jobs.errorUpdatedAt} fallback="Failed to load jobs" />
      {jobs.isPending && <StatusMessage>Loading jobs...</StatusMessage>}
      {jobs.isSuccess && list.length === 0 && <StatusMessage>No active jobs</StatusMessage>}
      {list.length > 0 && (
        <ul aria-label="Active jobs" className="divide-y divide-slate-100">
          {list.map((job) => (
            <li
              key={job.job_arn}
              aria-label={job.job_name}
              className="flex flex-wrap items-start justify-between gap-4 py-3"
            >
              <div className="min-w-0 space-y-1">
                <p className="font-medium break-all text-slate-900">{job.job_name}</p>
                <p className="text-xs text-slate-500">Owner: {job.owner_email}</p>
                <p className="text-xs text-slate-500">
                  Started: <DateText value={job.started_at} withTime fallback="Not started" />
                  {job.max_runtime !== null && ` · Time limit: ${formatRuntime(job.max_runtime)}`}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <JobStatusBadge status={job.status} />
                {isActiveJobStatus(job.status) && (
                  <Button
                    variant="danger"
                    className="px-3 py-1"
                    aria-label={`Cancel job ${job.job_name}`}
                    onClick={() => setCancelling(job)}
                  >
                    Cancel
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {cancelling && <HybridJobCancelDialog job={cancelling} onClose={() => setCancelling(null)} />}
    </Panel>
  );
}
