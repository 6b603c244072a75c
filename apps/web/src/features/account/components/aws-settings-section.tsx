import {
  accessRoleTemplateJson,
  ACCESS_ROLE_NAME,
  BRAND,
  CLOUDFORMATION_TEMPLATE_FILENAME,
  SETTINGS_MESSAGES,
  type AccountSettingsResponse,
} from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { deleteProviderSettings, useSettingsChange } from '../api/change-settings.ts';
import { downloadFile } from '../download-file.ts';
import { useCopyToClipboard } from '../use-copy-to-clipboard.ts';
import { AwsConnectionTest } from './aws-connection-test.tsx';
import { AwsSettingsDialog } from './aws-settings-dialog.tsx';
import { CopyableValues } from './copyable-values.tsx';

type Dialog = 'none' | 'update' | 'delete';

/** Cloud account configuration (spec 2.9): shown to system administrators only. */
export function AwsSettingsSection({ settings }: { settings: AccountSettingsResponse }) {
  const [dialog, setDialog] = useState<Dialog>('none');
  const { message, flash } = useFlashMessage();
  const copy = useCopyToClipboard(flash);
  const deletion = useSettingsChange(() => deleteProviderSettings('aws'));
  const own = settings.source === 'user';
  const close = () => setDialog('none');

  async function confirmDelete() {
    close();
    try {
      await deletion.mutateAsync(undefined);
      flash('success', `${BRAND.cloud} settings deleted successfully!`);
    } catch {
      flash('error', `Failed to delete ${BRAND.cloud} settings`);
    }
  }

  function downloadTemplate() {
    if (!settings.account_id || !settings.external_id) return;
    const template = accessRoleTemplateJson({
      accountId: settings.account_id,
      platformAccountId: settings.platform_account_id,
      externalId: settings.external_id,
    });
    downloadFile(CLOUDFORMATION_TEMPLATE_FILENAME, template);
  }

  const actions = (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => setDialog('update')}>
        {own ? 'Update' : 'Configure'}
      </Button>
      {own && (
        <Button variant="danger" onClick={() => setDialog('delete')} disabled={deletion.isPending}>
          Delete
        </Button>
      )}
    </div>
  );

  return (
    <Panel
      title={`${BRAND.cloud} Account Configuration`}
      description={`The ${BRAND.cloud} account your ${BRAND.quantumService} jobs run in, through the role ${ACCESS_ROLE_NAME}.`}
      actions={actions}
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {settings.source === null && <Banner tone="warning">{SETTINGS_MESSAGES.cloudNotFound}</Banner>}
      {settings.source === 'platform' && (
        <Banner tone="info">
          You have no {BRAND.cloud} account configured: jobs run on this server&apos;s local back end, in the
          platform&apos;s account.
        </Banner>
      )}
      {/* Only the user's own settings are values: the platform's account and a role nobody created are not. */}
      {own && settings.account_id && (
        <CopyableValues
          onCopy={copy}
          values={[
            { label: 'Account ID', value: settings.account_id },
            { label: 'Region', value: settings.aws_region ?? '' },
            { label: 'Role ARN', value: settings.role_arn ?? '' },
            ...(settings.external_id ? [{ label: 'External ID', value: settings.external_id }] : []),
          ]}
        />
      )}
      {own && (
        <div className="space-y-3 rounded-md bg-slate-50 p-4 text-sm text-slate-600">
          <p>
            Deploy the CloudFormation template in account {settings.account_id} to create {ACCESS_ROLE_NAME}.
            It trusts the platform&apos;s account {settings.platform_account_id} only with your external ID.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={downloadTemplate}>
              Download CloudFormation Template
            </Button>
            {settings.connection_test_available && <AwsConnectionTest onResult={flash} />}
          </div>
        </div>
      )}
      {dialog === 'update' && (
        <AwsSettingsDialog
          initial={{
            accountId: own ? (settings.account_id ?? '') : '',
            region: own ? (settings.aws_region ?? '') : '',
          }}
          onClose={close}
          onSaved={() => {
            close();
            flash('success', 'Account settings updated successfully!');
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${BRAND.cloud} Settings`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={confirmDelete}
          onCancel={close}
        >
          Are you sure you want to delete your {BRAND.cloud} settings? This action cannot be undone.
        </ConfirmDialog>
      )}
    </Panel>
  );
}
