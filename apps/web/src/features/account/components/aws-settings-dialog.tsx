import {
  AWS_ACCOUNT_ID_LENGTH,
  BRAKET_REGIONS,
  BRAND,
  isBraketRegion,
  SETTINGS_MESSAGES,
} from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { updateAwsSettings, useSettingsChange } from '../api/change-settings.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface AwsSettingsDialogProps {
  initial: { accountId: string; region: string };
  onClose: () => void;
  onSaved: () => void;
}

/** Digits only, at most 12 (spec 5). */
const accountIdInput = (text: string) => text.replace(/\D/g, '').slice(0, AWS_ACCOUNT_ID_LENGTH);
const REGION_OPTIONS = [{ value: '', label: 'Select a region' }, ...BRAKET_REGIONS];

export function AwsSettingsDialog({ initial, onClose, onSaved }: AwsSettingsDialogProps) {
  const [accountId, setAccountId] = useState(initial.accountId);
  const [region, setRegion] = useState(initial.region);
  const [failed, setFailed] = useState(false);
  const update = useSettingsChange(updateAwsSettings);
  const complete = accountId.length === AWS_ACCOUNT_ID_LENGTH;
  const chosenRegion = isBraketRegion(region) ? region : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || !chosenRegion) return;
    setFailed(false);
    try {
      await update.mutateAsync({ account_id: accountId, aws_region: chosenRegion });
      onSaved();
    } catch {
      setFailed(true);
    }
  }

  return (
    <Modal title={`Update ${BRAND.cloud} Settings`} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField
          label="Account ID"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123456789012"
          value={accountId}
          onChange={(event) => setAccountId(accountIdInput(event.target.value))}
          hint={
            accountId && !complete
              ? SETTINGS_MESSAGES.accountId
              : `Your ${AWS_ACCOUNT_ID_LENGTH}-digit ${BRAND.cloud} account ID.`
          }
        />
        <SelectField label="Region" value={region} options={REGION_OPTIONS} onChange={setRegion} />
        {failed && <Banner tone="error">Failed to update account settings</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Update"
          pendingLabel="Updating..."
          pending={update.isPending}
          disabled={!complete || !chosenRegion}
        />
      </form>
    </Modal>
  );
}
