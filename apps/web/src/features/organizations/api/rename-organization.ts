import { organization, type Organization, type RenameOrganizationRequest } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function renameOrganization({
  orgId,
  name,
}: RenameOrganizationRequest & { orgId: string }): Promise<Organization> {
  return apiClient.request(`/auth/orgs/${orgId}`, organization, { method: 'PATCH', body: { name } });
}

export function useRenameOrganization() {
  return useOrganizationMutation(renameOrganization);
}
