import { ORGANIZATION_ROLES, ROLES, type AdminUser, type Organization } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useMyOrganizations } from '../../organizations/api/get-my-organizations.ts';
import { useChangeOrganizationRoles, type OrganizationRoleChange } from '../api/change-organization-roles.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const NOT_A_MEMBER = 'none';
const OPTIONS = [
  { value: NOT_A_MEMBER, label: 'Not a member' },
  { value: ROLES.organizationMember, label: 'Member' },
  { value: ROLES.organizationOwner, label: 'Owner' },
];

/**
 * An organization has one owner: making someone else the owner asks them (a transfer request they accept or
 * decline, issue 24), and once they accept the current owner becomes a member.
 */
const ownerChangeWarning = ({ name, owner_id }: Organization, email: string) =>
  `${email} is asked to take over "${name}". When they accept, ` +
  `${owner_id ? `${owner_id}, the current owner,` : 'the current owner'} will become a member.`;

/**
 * accounts.md 2.10: a role per organization (a system administrator's list holds every organization). Only
 * Member and Owner are sent, for the organizations whose choice changed; Not a member sends nothing.
 */
export function UserOrganizationRolesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const organizations = useMyOrganizations();
  const change = useChangeOrganizationRoles();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<string[]>([]);
  const current = new Map(user.roles.organizations.map(({ org_id, role }) => [org_id, role]));
  const choiceFor = (orgId: string) => choices[orgId] ?? current.get(orgId) ?? NOT_A_MEMBER;

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes: OrganizationRoleChange[] = (organizations.data?.organizations ?? []).flatMap(
      ({ org_id }) => {
        const role = ORGANIZATION_ROLES.find((candidate) => candidate === choiceFor(org_id));
        return role && role !== current.get(org_id) ? [{ orgId: org_id, role }] : [];
      },
    );
    if (changes.length === 0) return onClose();
    change.mutate(
      { email: user.email, changes },
      { onSuccess: (waiting) => (waiting.length > 0 ? setPending(waiting) : onClose()) },
    );
  }

  if (pending.length > 0) {
    return (
      <Modal title="Manage Organization Roles" onClose={onClose}>
        {pending.map((message) => (
          <Banner key={message} tone="success">
            {message}
          </Banner>
        ))}
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Manage Organization Roles" onClose={onClose}>
      <p className="text-sm text-slate-600">{user.email}</p>
      <form onSubmit={submit} className="space-y-4">
        {organizations.isPending && <StatusMessage>Loading organizations...</StatusMessage>}
        {organizations.isError && (
          <Banner tone="error">{messageOf(organizations.error, 'Failed to load organizations')}</Banner>
        )}
        <div className="max-h-80 space-y-3 overflow-y-auto">
          {organizations.data?.organizations.map((organization) => {
            const choice = choiceFor(organization.org_id);
            const becomesOwner =
              choice === ROLES.organizationOwner && current.get(organization.org_id) !== choice;
            return (
              <div key={organization.org_id} className="space-y-2">
                <SelectField
                  label={organization.name}
                  options={OPTIONS}
                  value={choice}
                  onChange={(next) => setChoices({ ...choices, [organization.org_id]: next })}
                />
                {becomesOwner && (
                  <Banner tone="warning">{ownerChangeWarning(organization, user.email)}</Banner>
                )}
              </div>
            );
          })}
        </div>
        {change.isError && (
          <Banner tone="error">{messageOf(change.error, 'Failed to change user roles')}</Banner>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel="Save"
          pendingLabel="Saving..."
          pending={change.isPending}
          disabled={!organizations.isSuccess}
        />
      </form>
    </Modal>
  );
}
