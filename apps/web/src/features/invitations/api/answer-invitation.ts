import { invitation, type AnswerInviteRequest, type Invitation } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from '../../organizations/api/use-organization-mutation.ts';

export type InvitationAnswer = 'accept' | 'decline';

/** The signed-in invitee accepts or declines one of their invitations. */
export function answerInvitation({
  inviteId,
  answer,
}: {
  inviteId: string;
  answer: InvitationAnswer;
}): Promise<Invitation> {
  const body: AnswerInviteRequest = { invite_id: inviteId };
  return apiClient.request(`/auth/invites/${inviteId}/${answer}`, invitation, { method: 'POST', body });
}

/** Accepting adds an organization to the user's list, so organizations are read again with the invitations. */
export function useAnswerInvitation() {
  return useOrganizationMutation(answerInvitation);
}
