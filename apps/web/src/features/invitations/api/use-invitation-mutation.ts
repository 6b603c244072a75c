import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationKeys } from './get-invitations.ts';

/** A change to invitations: once it succeeds, the invitation list is read again. */
export function useInvitationMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
