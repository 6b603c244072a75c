import { messageResponse, type MessageResponse, type TransferOwnershipRequest } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function transferOrganizationOwnership({ orgId, email }: { orgId: string; email: string }) {
  const body: TransferOwnershipRequest = { target_email: email };
  return apiClient.request<MessageResponse>(`/auth/orgs/${orgId}/transfer-request`, messageResponse, {
    method: 'POST',
    body,
  });
}

export function useTransferOrganizationOwnership() {
  return useOrganizationMutation(transferOrganizationOwnership);
}
