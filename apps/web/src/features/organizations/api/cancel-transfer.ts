import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

/** The owner withdraws the organization's pending transfer request. */
export function cancelTransfer(orgId: string): Promise<MessageResponse> {
  return apiClient.request(`/auth/orgs/${orgId}/transfer-request`, messageResponse, { method: 'DELETE' });
}

export function useCancelTransfer() {
  return useOrganizationMutation(cancelTransfer);
}
