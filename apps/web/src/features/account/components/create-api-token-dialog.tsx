import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  createApiTokenRequest,
  type ApiTokenScope,
  type CreateApiTokenResponse,
} from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCreateApiToken } from '../api/api-tokens.ts';

const SCOPE_OPTIONS = API_TOKEN_SCOPES.map((scope) => ({
  value: scope,
  label: API_TOKEN_SCOPE_LABELS[scope],
}));
const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));
const DEFAULT_DAYS = 30;

interface CreateApiTokenDialogProps {
  onClose: () => void;
  onCreated: (created: CreateApiTokenResponse) => void;
}

/** Name, scope and lifetime of a new token, checked with the server's own rules before it is sent. */
export function CreateApiTokenDialog({ onClose, onCreated }: CreateApiTokenDialogProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateApiToken();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createApiTokenRequest.safeParse({ name, scope, expires_in_days: Number(days) });
    setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      setFailure(messageOf(error, 'Failed to create the API token'));
    }
  }

  return (
    <Modal
      title="Create API Token"
      description="A token lets a script or notebook call the API as you. Keep it secret, like a password."
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField
          label="Name"
          autoComplete="off"
          placeholder="e.g. Laptop notebook"
          maxLength={API_TOKEN_NAME_MAX}
          value={name}
          error={nameError}
          hint="What the token is for, so you recognise it in the list and the audit log."
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label="Scope"
          value={scope}
          options={SCOPE_OPTIONS}
          onChange={(value) => setScope(value as ApiTokenScope)}
          hint="No token can change your account, password, tokens or administration."
        />
        <SelectField label="Expiration" value={days} options={EXPIRY_OPTIONS} onChange={setDays} />
        {failure && <Banner tone="error">{failure}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Create Token"
          pendingLabel="Creating..."
          pending={create.isPending}
        />
      </form>
    </Modal>
  );
}
