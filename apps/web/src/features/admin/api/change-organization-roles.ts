import { messageResponse, organizationMember, type OrganizationRole } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { memberPath } from '../../organizations/api/query-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

export interface OrganizationRoleChange {
  orgId: string;
  role: OrganizationRole;
}

/** The member as changed, or (202) the message saying what waits for the member's consent (issue 24). */
const roleChangeResponse = organizationMember.or(messageResponse);

export function changeOrganizationRole(email: string, { orgId, role }: OrganizationRoleChange) {
  return apiClient.request(memberPath(orgId, email), roleChangeResponse, {
    method: 'PATCH',
    body: { role },
  });
}

/**
 * One call per changed organization, in turn, stopping at the first refusal. Resolves to what is pending: the
 * server's message for each change that waits for the member to accept.
 */
export function useChangeOrganizationRoles() {
  return useAdminMutation(
    async ({ email, changes }: { email: string; changes: OrganizationRoleChange[] }) => {
      const pending: string[] = [];
      for (const change of changes) {
        const answer = await changeOrganizationRole(email, change);
        if ('message' in answer) pending.push(answer.message);
      }
      return pending;
    },
  );
}
