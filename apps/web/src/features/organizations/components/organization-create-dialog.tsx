import { ORGANIZATION_NAME_MAX_LENGTH, type Organization } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface OrganizationCreateDialogProps {
  onClose: () => void;
  onCreated: (organization: Organization) => void;
}

export function OrganizationCreateDialog({ onClose, onCreated }: OrganizationCreateDialogProps) {
  const [name, setName] = useState('');
  const [membersCreateJobs, setMembersCreateJobs] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const creation = useCreateOrganization();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    setInvalid(!trimmed);
    if (!trimmed) return;
    creation.mutate({ name: trimmed, default_can_create_jobs: membersCreateJobs }, { onSuccess: onCreated });
  }

  const error = invalid
    ? 'Organization name is required'
    : creation.isError
      ? messageOf(creation.error, 'Failed to create organization')
      : null;

  return (
    <Modal title="Create Organization" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          label="Organization Name"
          autoComplete="off"
          maxLength={ORGANIZATION_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <CheckboxField
          label="Allow members to create jobs by default"
          hint="New members will be able to create jobs. You can change individual permissions later."
          checked={membersCreateJobs}
          onChange={setMembersCreateJobs}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Create"
          pendingLabel="Creating..."
          pending={creation.isPending}
        />
      </form>
    </Modal>
  );
}
