import { invitationsResponse, type InvitationsResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invitationKeys } from './get-invitations.ts';

/** The pending invitations addressed to the signed-in user, which they accept or decline (issue 24). */
export function getMyInvitations(): Promise<InvitationsResponse> {
  return apiClient.request('/auth/invites/mine', invitationsResponse);
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationKeys.mine(), queryFn: getMyInvitations });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
