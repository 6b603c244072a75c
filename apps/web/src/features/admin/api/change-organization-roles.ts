import { organizationMember, type OrganizationMember, type OrganizationRole } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { memberPath } from '../../organizations/api/query-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

export interface OrganizationRoleChange {
  orgId: string;
  role: OrganizationRole;
}

export function changeOrganizationRole(email: string, { orgId, role }: OrganizationRoleChange) {
  return apiClient.request<OrganizationMember>(memberPath(orgId, email), organizationMember, {
    method: 'PATCH',
    body: { role },
  });
}

/** One call per changed organization, in turn, stopping at the first refusal. */
export function useChangeOrganizationRoles() {
  return useAdminMutation(
    async ({ email, changes }: { email: string; changes: OrganizationRoleChange[] }) => {
      for (const change of changes) await changeOrganizationRole(email, change);
    },
  );
}
