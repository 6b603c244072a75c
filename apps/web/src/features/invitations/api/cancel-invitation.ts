import { INVITE_CANCEL_REASON, invitation, type CancelInviteRequest, type Invitation } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvitationMutation } from './use-invitation-mutation.ts';

export function cancelInvitation(inviteId: string): Promise<Invitation> {
  const body: CancelInviteRequest = { invite_id: inviteId, reason: INVITE_CANCEL_REASON };
  return apiClient.request(`/auth/invites/${inviteId}/cancel`, invitation, { method: 'POST', body });
}

export function useCancelInvitation() {
  return useInvitationMutation(cancelInvitation);
}
