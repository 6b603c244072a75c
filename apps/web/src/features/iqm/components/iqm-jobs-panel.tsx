import { BRAND, type IqmJob } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useAccountSettings } from '../../account/api/get-account-settings.ts';
import { iqmKeyTailOf } from '../../jobs/job-settings.ts';
import { useIqmJobs, type IqmJobsScope } from '../api/list-iqm-jobs.ts';
import { IqmJobCard } from './iqm-job-card.tsx';
import { IqmJobCreateFormDialog } from './iqm-job-create-form-dialog.tsx';
import { CREATE_IQM_JOB_MESSAGES, IqmJobCreateWizard } from './iqm-job-create-wizard.tsx';
import { IqmJobDetailsDialog } from './iqm-job-details-dialog.tsx';
import { IqmJobMonitorDialog } from './iqm-job-monitor-dialog.tsx';

type PanelDialog =
  { kind: 'wizard' } | { kind: 'form' } | { kind: 'details'; job: IqmJob } | { kind: 'monitor'; job: IqmJob };

const LOAD_FAILED = `Failed to load ${BRAND.vendor} jobs`;

/**
 * The system-admin IQM page (jobs.md 2.9). 'Create Job' opens the IQM wizard; like the cloud panel, the empty
 * list's 'Create Your First Job' opens the single-page form.
 */
export function IqmJobsPanel() {
  const { user } = useAuth();
  const settings = useAccountSettings();
  const apiKey = settings.data?.iqm_api_key || null;
  const keyTail = iqmKeyTailOf(settings.data);
  const scope: IqmJobsScope | null = user && keyTail ? { userId: user.user_id, keyTail } : null;
  const jobs = useIqmJobs(scope);
  const { message, flash } = useFlashMessage();
  const [dialog, setDialog] = useState<PanelDialog | null>(null);
  const close = () => setDialog(null);
  const allJobs = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];

  function body() {
    if (settings.isPending || (scope !== null && jobs.isPending)) {
      return <StatusMessage>{`Loading ${BRAND.vendor} jobs...`}</StatusMessage>;
    }
    if (settings.isError) return <Banner tone="error">{LOAD_FAILED}</Banner>;
    if (apiKey === null) {
      return (
        <Banner tone="error">
          {`${BRAND.vendor} API configuration not found. Please configure your ${BRAND.vendor} API key first.`}
        </Banner>
      );
    }
    if (jobs.data === undefined) return <Banner tone="error">{LOAD_FAILED}</Banner>;
    if (allJobs.length === 0) {
      return (
        <div className="space-y-2 py-10 text-center">
          <p className="font-medium text-slate-800">{`No ${BRAND.vendor} jobs found`}</p>
          <Button onClick={() => setDialog({ kind: 'form' })}>Create Your First Job</Button>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        <ul className="space-y-3">
          {allJobs.map((job) => (
            <li key={job.job_arn}>
              <IqmJobCard
                job={job}
                onOpen={() => setDialog({ kind: 'details', job })}
                onMonitor={() => setDialog({ kind: 'monitor', job })}
              />
            </li>
          ))}
        </ul>
        {jobs.isError && <Banner tone="error">{LOAD_FAILED}</Banner>}
        {jobs.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              disabled={jobs.isFetchingNextPage}
              onClick={() => void jobs.fetchNextPage()}
            >
              {jobs.isFetchingNextPage ? 'Loading...' : 'Load More Jobs'}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Panel
      level={1}
      title={BRAND.vendorCloud}
      description={`Create and manage ${BRAND.vendor} quantum jobs`}
      actions={
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={jobs.isRefetching}
            onClick={() => void (scope === null ? settings.refetch() : jobs.refetch())}
          >
            {jobs.isRefetching ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button onClick={() => setDialog({ kind: 'wizard' })} disabled={apiKey === null}>
            Create Job
          </Button>
        </div>
      }
    >
      {settings.isSuccess && apiKey === null && (
        <Banner tone="warning">
          <p className="font-semibold">{`${BRAND.vendor} API Configuration Required`}</p>
          <p>
            {`To create and view ${BRAND.vendorCloud} jobs, an ${BRAND.vendor} API key is needed. Please go to the Account page and set up your ${BRAND.vendor} API key.`}
          </p>
        </Banner>
      )}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {body()}
      {dialog?.kind === 'wizard' && apiKey && (
        <IqmJobCreateWizard
          apiKey={apiKey}
          onClose={close}
          onCreated={() => {
            close();
            flash('success', CREATE_IQM_JOB_MESSAGES.success);
          }}
        />
      )}
      {dialog?.kind === 'form' && apiKey && <IqmJobCreateFormDialog apiKey={apiKey} onClose={close} />}
      {dialog?.kind === 'details' && <IqmJobDetailsDialog job={dialog.job} onClose={close} />}
      {dialog?.kind === 'monitor' && <IqmJobMonitorDialog job={dialog.job} onClose={close} />}
    </Panel>
  );
}
