import { ADMIN_USERS_PAGE_SIZE, adminUsersResponse, type AdminUsersResponse } from '@hivqe/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys, queryString } from './query-keys.ts';

export function getAdminUsers(search: string, nextToken: string | undefined): Promise<AdminUsersResponse> {
  const query = queryString({ limit: ADMIN_USERS_PAGE_SIZE, next_token: nextToken, search });
  return apiClient.request(`/auth/admin/all-users?${query}`, adminUsersResponse);
}

/** Pages of 100 users; Load More follows next_token. */
export const adminUsersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ pageParam }) => getAdminUsers(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_token ?? undefined,
  });

export function useAdminUsers(search: string) {
  return useInfiniteQuery(adminUsersQueryOptions(search));
}
