import { invitation, type Invitation, type ResendInviteRequest } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useInvitationMutation } from './use-invitation-mutation.ts';

export function resendInvitation(inviteId: string): Promise<Invitation> {
  const body: ResendInviteRequest = { invite_id: inviteId };
  return apiClient.request(`/auth/invites/${inviteId}/resend`, invitation, { method: 'POST', body });
}

export function useResendInvitation() {
  return useInvitationMutation(resendInvitation);
}
