import type { Organization } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { OrganizationNameField, organizationNameProblem } from './organization-name-field.tsx';

interface OrganizationCreateDialogProps {
  onClose: () => void;
  onCreated: (organization: Organization) => void;
}

export function OrganizationCreateDialog({ onClose, onCreated }: OrganizationCreateDialogProps) {
  const [name, setName] = useState('');
  const [membersCreateJobs, setMembersCreateJobs] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const creation = useCreateOrganization();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = organizationNameProblem(name);
    setInvalid(problem);
    if (problem) return;
    creation.mutate(
      { name: name.trim(), default_can_create_jobs: membersCreateJobs },
      { onSuccess: onCreated },
    );
  }

  const error =
    invalid ?? (creation.isError ? messageOf(creation.error, 'Failed to create organization') : null);

  return (
    <Modal title="Create Organization" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <OrganizationNameField value={name} onChange={setName} />
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
