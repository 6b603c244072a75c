import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../../organizations/api/query-keys.ts';
import { adminKeys } from './query-keys.ts';

/** Reads the user list and the organizations again after a change to users. */
export function refreshUsersAndOrganizations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}

/** A change to users: afterwards, even after a partial failure, the user list and organizations are read again. */
export function useAdminMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshUsersAndOrganizations(queryClient) });
}
