import { BRAND, IQM_API_KEY_LENGTH, SETTINGS_MESSAGES } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { updateIqmSettings, useSettingsChange } from '../api/change-settings.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface IqmKeyFormProps {
  /** Present when replacing a key: the form can be left without saving. */
  onCancel?: () => void;
  onResult: (saved: boolean) => void;
}

/** Register is enabled only for exactly 64 characters (spec 5). */
export function IqmKeyForm({ onCancel, onResult }: IqmKeyFormProps) {
  const [key, setKey] = useState('');
  const update = useSettingsChange(updateIqmSettings);
  const valid = key.length === IQM_API_KEY_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    try {
      await update.mutateAsync({ iqm_api_key: key });
      setKey('');
      onResult(true);
    } catch {
      onResult(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <FormField
        label={`${BRAND.vendor} API Key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(event) => setKey(event.target.value.trim())}
        hint={
          key && !valid
            ? `${SETTINGS_MESSAGES.iqmApiKey} (${key.length}/${IQM_API_KEY_LENGTH})`
            : `${IQM_API_KEY_LENGTH} characters, from your ${BRAND.vendorCloud} account.`
        }
      />
      <FormActions
        onCancel={onCancel}
        submitLabel="Register"
        pendingLabel="Registering..."
        pending={update.isPending}
        disabled={!valid}
      />
    </form>
  );
}
