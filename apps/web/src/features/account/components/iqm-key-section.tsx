import { BRAND, iqmBucketName, type AccountSettingsResponse } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { deleteProviderSettings, useSettingsChange } from '../api/change-settings.ts';
import { IqmKeyForm } from './iqm-key-form.tsx';

/** The second provider's API key (spec 2.9): system administrators only. The browser sees '***' + 10 characters. */
export function IqmKeySection({ settings }: { settings: AccountSettingsResponse }) {
  const maskedKey = settings.iqm_api_key;
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const { message, flash } = useFlashMessage();
  const removal = useSettingsChange(() => deleteProviderSettings('iqm'));

  async function remove() {
    setIsConfirming(false);
    try {
      await removal.mutateAsync(undefined);
      flash('success', `${BRAND.vendor} API Key removed successfully!`);
    } catch {
      flash('error', `Failed to remove ${BRAND.vendor} API Key`);
    }
  }

  const actions = maskedKey && !isEditing && (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={() => setIsEditing(true)}>
        Update API Key
      </Button>
      <Button variant="danger" onClick={() => setIsConfirming(true)} disabled={removal.isPending}>
        Remove API Key
      </Button>
    </div>
  );

  return (
    <Panel
      title={`${BRAND.vendor} API Key`}
      description={`The key ${BRAND.vendorCloud} jobs run with.`}
      actions={actions}
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {maskedKey && !isEditing && (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">API Key</dt>
            <dd className="mt-0.5 font-mono text-sm text-slate-900">{maskedKey}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Bucket</dt>
            <dd className="mt-0.5 font-mono text-sm text-slate-900">{iqmBucketName(maskedKey)}</dd>
          </div>
        </dl>
      )}
      {!maskedKey && <p className="text-sm text-slate-600">No {BRAND.vendor} API key is registered.</p>}
      {(!maskedKey || isEditing) && (
        <IqmKeyForm
          onCancel={isEditing ? () => setIsEditing(false) : undefined}
          onResult={(saved) => {
            if (saved) setIsEditing(false);
            flash(
              saved ? 'success' : 'error',
              saved
                ? `${BRAND.vendor} API Key updated successfully!`
                : `Failed to update ${BRAND.vendor} API Key`,
            );
          }}
        />
      )}
      {isConfirming && (
        <ConfirmDialog
          title={`Remove ${BRAND.vendor} API Key`}
          confirmLabel="Remove"
          tone="danger"
          onConfirm={remove}
          onCancel={() => setIsConfirming(false)}
        >
          Are you sure you want to remove your {BRAND.vendor} API Key? This action cannot be undone.
        </ConfirmDialog>
      )}
    </Panel>
  );
}
