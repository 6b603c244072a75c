import { organizationMember, ROLES, type AddMemberRequest, type OrganizationMember } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

/** New members always join with the member role (accounts.md 7.6). */
export function addOrganizationMember({ orgId, email }: { orgId: string; email: string }) {
  const body: AddMemberRequest = { email, role: ROLES.organizationMember };
  return apiClient.request<OrganizationMember>(`/auth/orgs/${orgId}/members`, organizationMember, {
    method: 'POST',
    body,
  });
}

export function useAddOrganizationMember() {
  return useOrganizationMutation(addOrganizationMember);
}
