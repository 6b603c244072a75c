import type { Organization } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useRenameOrganization } from '../api/rename-organization.ts';
import { OrganizationNameField, organizationNameProblem } from './organization-name-field.tsx';

interface OrganizationRenameDialogProps {
  organization: Organization;
  onClose: () => void;
  onRenamed: (organization: Organization) => void;
}

/** The owner renames the organization; a name they already use elsewhere is refused by the server. */
export function OrganizationRenameDialog({
  organization,
  onClose,
  onRenamed,
}: OrganizationRenameDialogProps) {
  const [name, setName] = useState(organization.name);
  const [invalid, setInvalid] = useState<string | null>(null);
  const rename = useRenameOrganization();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = organizationNameProblem(name);
    setInvalid(problem);
    if (problem) return;
    rename.mutate({ orgId: organization.org_id, name: name.trim() }, { onSuccess: onRenamed });
  }

  const error = invalid ?? (rename.isError ? messageOf(rename.error, 'Failed to rename organization') : null);

  return (
    <Modal title="Rename Organization" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <OrganizationNameField value={name} onChange={setName} />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Save"
          pendingLabel="Saving..."
          pending={rename.isPending}
        />
      </form>
    </Modal>
  );
}
