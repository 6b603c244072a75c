import type { Invitation } from '@hivqe/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { myOrganizationsQueryOptions } from '../../organizations/api/get-my-organizations.ts';
import { useCreateInvitation, type NewInvitation } from '../api/create-invitation.ts';
import { ROLE_OPTIONS, roleIn, type InviteMode } from '../invitation-labels.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const NO_ORGANIZATION = '';

interface InviteFormProps {
  /** Fixes the organization; the role is then always organization_member. */
  organizationId?: string;
  onSent: (invitation: Invitation) => void;
  onCancel: () => void;
}

/**
 * The one invite form (accounts.md 2.14). Without a fixed organization it offers the user's organizations:
 * none chosen sends a system-level invitation, one chosen an organization-level invitation.
 */
export function InviteForm({ organizationId, onSent, onCancel }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [chosenOrganization, setChosenOrganization] = useState(NO_ORGANIZATION);
  const [chosenRole, setChosenRole] = useState('');
  const [message, setMessage] = useState('');
  const organizations = useQuery({ ...myOrganizationsQueryOptions(), enabled: !organizationId });
  const creation = useCreateInvitation();

  const orgId = organizationId ?? chosenOrganization;
  const mode: InviteMode = organizationId ? 'fixed-organization' : orgId ? 'organization' : 'system';

  function invitation(): NewInvitation {
    const common = { email: email.trim(), message: message.trim() || undefined };
    if (mode === 'system') return { kind: 'system', body: { ...common, role: roleIn(mode, chosenRole) } };
    return { kind: 'organization', orgId, body: { ...common, role: roleIn(mode, chosenRole) } };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    creation.mutate(invitation(), { onSuccess: onSent });
  }

  const organizationOptions = [
    { value: NO_ORGANIZATION, label: 'No Organization (System User)' },
    ...(organizations.data?.organizations ?? []).map(({ org_id, name }) => ({ value: org_id, label: name })),
  ];

  return (
    <form onSubmit={submit} className="space-y-4">
      <FormField
        label="Email Address"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {!organizationId && (
        <SelectField
          label="Organization (Optional)"
          options={organizationOptions}
          value={chosenOrganization}
          onChange={setChosenOrganization}
          hint={
            orgId
              ? 'User will be invited to the selected organization'
              : 'User will be invited as a system user without organization'
          }
        />
      )}
      <SelectField
        label="Role"
        options={ROLE_OPTIONS[mode]}
        value={roleIn(mode, chosenRole)}
        disabled={mode === 'fixed-organization'}
        onChange={setChosenRole}
      />
      <TextareaField
        label="Personal Message (Optional)"
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {creation.isError && (
        <Banner tone="error">{messageOf(creation.error, 'Failed to create invitation')}</Banner>
      )}
      <FormActions
        onCancel={onCancel}
        submitLabel="Send Invitation"
        pendingLabel="Sending..."
        pending={creation.isPending}
      />
    </form>
  );
}
