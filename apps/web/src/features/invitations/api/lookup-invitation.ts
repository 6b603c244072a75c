import { invitationLookup, type InvitationLookup } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** For whom and to what the link's invitation is; the token travels in the body, not in a URL. */
export function lookupInvitation(token: string): Promise<InvitationLookup> {
  return apiClient.request('/auth/invites/lookup', invitationLookup, { method: 'POST', body: { token } });
}

/** Read once per visit: accepting is what changes it, and then the page moves on. */
export function useInvitationLookup(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['invitation-lookup', token],
      queryFn: () => lookupInvitation(token),
      staleTime: Infinity,
    }),
  );
}
