import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { memberPath } from './query-keys.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export function removeOrganizationMember({ orgId, email }: { orgId: string; email: string }) {
  return apiClient.request<MessageResponse>(memberPath(orgId, email), messageResponse, { method: 'DELETE' });
}

export function useRemoveOrganizationMember() {
  return useOrganizationMutation(removeOrganizationMember);
}
