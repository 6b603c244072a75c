import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationKeys } from '../../invitations/api/get-invitations.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * A change to organizations: once it succeeds, every organization list and member list is read again, and the
 * invitation lists too, since members now join by invitation (issue 24) and an organization takes its
 * invitations when it goes.
 */
export function useOrganizationMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      ]),
  });
}
