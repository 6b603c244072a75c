import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function leaveOrganization(orgId: string): Promise<MessageResponse> {
  return apiClient.request(`/auth/orgs/${orgId}/members/me`, messageResponse, { method: 'DELETE' });
}

export function useLeaveOrganization() {
  return useOrganizationMutation(leaveOrganization);
}
