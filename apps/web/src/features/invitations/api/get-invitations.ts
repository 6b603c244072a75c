import { invitationsResponse, type InvitationsResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const invitationKeys = {
  all: ['invitations'] as const,
  mine: () => [...invitationKeys.all, 'mine'] as const,
};

export function getInvitations(): Promise<InvitationsResponse> {
  return apiClient.request('/auth/invites/', invitationsResponse);
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationKeys.all, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
