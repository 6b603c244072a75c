import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../../organizations/api/query-keys.ts';
import { adminKeys } from './query-keys.ts';

/** A change to users: afterwards, even after a partial failure, the user list and organizations are read again. */
export function useAdminMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]),
  });
}
