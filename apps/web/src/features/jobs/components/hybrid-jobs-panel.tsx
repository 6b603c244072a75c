import {
  BRAND,
  defaultCloudJobForm,
  type CreateHybridJobResponse,
  type HybridJob,
  type JobForm,
} from '@hivqe/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useAccountSettings } from '../../account/api/get-account-settings.ts';
import { useCopyToClipboard } from '../../account/use-copy-to-clipboard.ts';
import { cloudRoleOf } from '../job-settings.ts';
import { jobQueryKeys } from '../api/job-query-keys.ts';
import type { HybridJobsScope } from '../api/list-hybrid-jobs.ts';
import { cloneHybridJob } from '../clone-hybrid-job.ts';
import { HybridJobCancelDialog } from './hybrid-job-cancel-dialog.tsx';
import { CREATE_JOB_MESSAGES, HybridJobCreateWizard } from './hybrid-job-create-wizard.tsx';
import { HybridJobCreateFormDialog } from './hybrid-job-create-form-dialog.tsx';
import { HybridJobDetailsDialog } from './hybrid-job-details-dialog.tsx';
import { HybridJobMonitorDialog } from './hybrid-job-monitor-dialog.tsx';
import type { HybridJobActions } from './hybrid-job-actions-menu.tsx';
import { HybridJobsBrowser } from './hybrid-jobs-browser.tsx';
import { ScanDialog } from '../scan/scan-dialog.tsx';

type PanelDialog =
  | { kind: 'wizard' }
  | { kind: 'form'; form: JobForm }
  | { kind: 'details' | 'monitor' | 'cancel'; job: HybridJob }
  | { kind: 'scan'; scanId: string };

const MISSING_CLOUD_CONFIGURATION = `${BRAND.cloud} account configuration not found. Please configure your ${BRAND.cloud} account first.`;

/**
 * The Dashboard's cloud jobs panel (jobs.md 2.1). The header's 'Create HI-VQE Job' opens the 5-step wizard;
 * the empty list's 'Create Your First Job' and Clone open the single-page form.
 */
export function HybridJobsPanel() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settings = useAccountSettings();
  const roleArn = cloudRoleOf(settings.data);
  const scope: HybridJobsScope | null =
    user && roleArn ? { userId: user.user_id, roleArn, accountId: settings.data?.account_id ?? '' } : null;
  const { message, flash } = useFlashMessage();
  const copy = useCopyToClipboard(flash);
  const [dialog, setDialog] = useState<PanelDialog | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const close = () => setDialog(null);
  const baseForm = () => defaultCloudJobForm(settings.data ?? {});
  /** A create of several molecules made a scan: its view opens, so the curve can be watched filling in. */
  const showCreated = (created: CreateHybridJobResponse) =>
    created.scan ? setDialog({ kind: 'scan', scanId: created.scan.scan_id }) : close();

  async function refresh() {
    setRefreshing(true);
    try {
      if (scope === null) await settings.refetch();
      else {
        const list = jobQueryKeys.hybridList(scope.userId, scope.roleArn, scope.accountId);
        await queryClient.refetchQueries({ queryKey: list, type: 'active' }, { throwOnError: true });
        flash('success', 'Jobs refreshed successfully');
      }
    } catch (error) {
      console.error(`Refresh failed: ${error instanceof Error ? error.message : 'Unknown error'}`);
      flash('error', 'Failed to refresh jobs. Please try again.');
    } finally {
      setRefreshing(false);
    }
  }

  const actions: HybridJobActions = {
    onDetails: (job) => setDialog({ kind: 'details', job }),
    onMonitor: (job) => setDialog({ kind: 'monitor', job }),
    onCancel: (job) => setDialog({ kind: 'cancel', job }),
    onCopyArn: (job) => copy('Job ARN', job.job_arn),
    onClone: (job) =>
      cloneHybridJob(queryClient, job, baseForm()).then(
        (form) => setDialog({ kind: 'form', form }),
        (error: Error) => flash('error', error.message),
      ),
    onScan: (scanId) => setDialog({ kind: 'scan', scanId }),
  };

  function body() {
    if (settings.isPending) return <StatusMessage>Loading hybrid jobs...</StatusMessage>;
    if (settings.isError) return <Banner tone="error">Failed to load hybrid jobs</Banner>;
    if (scope === null) return <Banner tone="warning">{MISSING_CLOUD_CONFIGURATION}</Banner>;
    return (
      <HybridJobsBrowser
        scope={scope}
        actions={actions}
        onCreateFirst={() => setDialog({ kind: 'form', form: baseForm() })}
      />
    );
  }

  return (
    <Panel
      level={1}
      title="HI-VQE Hybrid Jobs"
      description="Create and manage hybrid quantum jobs"
      actions={
        <div className="flex gap-2">
          <Button variant="secondary" onClick={refresh} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button onClick={() => setDialog({ kind: 'wizard' })} disabled={roleArn === null}>
            Create HI-VQE Job
          </Button>
        </div>
      }
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {body()}
      {dialog?.kind === 'wizard' && (
        <HybridJobCreateWizard
          initialForm={baseForm()}
          onClose={close}
          onCreated={(created) => {
            showCreated(created);
            flash('success', CREATE_JOB_MESSAGES.success);
          }}
        />
      )}
      {dialog?.kind === 'form' && (
        <HybridJobCreateFormDialog initialForm={dialog.form} onCreated={showCreated} onClose={close} />
      )}
      {dialog?.kind === 'details' && <HybridJobDetailsDialog job={dialog.job} onClose={close} />}
      {dialog?.kind === 'monitor' && <HybridJobMonitorDialog job={dialog.job} onClose={close} />}
      {dialog?.kind === 'cancel' && <HybridJobCancelDialog job={dialog.job} onClose={close} />}
      {dialog?.kind === 'scan' && (
        <ScanDialog
          scanId={dialog.scanId}
          baseForm={baseForm}
          onCloned={(form) => setDialog({ kind: 'form', form })}
          onClose={close}
        />
      )}
    </Panel>
  );
}
