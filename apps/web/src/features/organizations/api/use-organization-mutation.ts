import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from './query-keys.ts';

/** A change to organizations: once it succeeds, every organization list and member list is read again. */
export function useOrganizationMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
