import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function deleteOrganization(orgId: string): Promise<MessageResponse> {
  return apiClient.request(`/auth/orgs/${orgId}`, messageResponse, { method: 'DELETE' });
}

export function useDeleteOrganization() {
  return useOrganizationMutation(deleteOrganization);
}
