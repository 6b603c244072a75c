import { addMemberResponse, ROLES, type AddMemberRequest, type AddMemberResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useIdempotentCreate } from '../../../lib/idempotency-keys.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

/**
 * New members always join with the member role (accounts.md 7.6), once they accept the invitation this sends
 * (issue 24).
 */
export function addOrganizationMember(
  { orgId, email }: { orgId: string; email: string },
  headers: Record<string, string> = {},
) {
  const body: AddMemberRequest = { email, role: ROLES.organizationMember };
  return apiClient.request<AddMemberResponse>(`/auth/orgs/${orgId}/members`, addMemberResponse, {
    method: 'POST',
    body,
    headers,
  });
}

export function useAddOrganizationMember() {
  return useOrganizationMutation(useIdempotentCreate(addOrganizationMember));
}
