import { organizationMember, type MemberPermissionsRequest, type OrganizationMember } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { memberPath } from './query-keys.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

interface Variables extends MemberPermissionsRequest {
  orgId: string;
  email: string;
}

export function setMemberJobPermission({ orgId, email, can_create_jobs }: Variables) {
  return apiClient.request<OrganizationMember>(
    `${memberPath(orgId, email)}/permissions`,
    organizationMember,
    {
      method: 'PATCH',
      body: { can_create_jobs },
    },
  );
}

export function useSetMemberJobPermission() {
  return useOrganizationMutation(setMemberJobPermission);
}
