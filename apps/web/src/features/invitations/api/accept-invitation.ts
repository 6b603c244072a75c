import { acceptInviteResponse, type AcceptInviteRequest, type AcceptInviteResponse } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function acceptInvitation(body: AcceptInviteRequest): Promise<AcceptInviteResponse> {
  return apiClient.request('/auth/invites/accept', acceptInviteResponse, { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
