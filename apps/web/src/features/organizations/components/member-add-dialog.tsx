import type { Organization } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAddOrganizationMember } from '../api/add-organization-member.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface MemberAddDialogProps {
  organization: Organization;
  onClose: () => void;
  /** Called with the server's message: the invitation sent, pending until accepted (issue 24). */
  onAdded: (message: string) => void;
}

export function MemberAddDialog({ organization, onClose, onAdded }: MemberAddDialogProps) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const addition = useAddOrganizationMember();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    const isInvalid = !organization.org_id || !trimmed;
    setInvalid(isInvalid);
    if (isInvalid) return;
    addition.mutate(
      { orgId: organization.org_id, email: trimmed },
      { onSuccess: (reply) => onAdded(reply.message) },
    );
  }

  const error = invalid
    ? 'Organization and member email are required'
    : addition.isError
      ? messageOf(addition.error, 'Failed to add member')
      : null;

  return (
    <Modal title="Add Member" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          label="Member Email"
          type="email"
          autoComplete="off"
          hint="New members will be added with Member role"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Add Member"
          pendingLabel="Adding..."
          pending={addition.isPending}
        />
      </form>
    </Modal>
  );
}
