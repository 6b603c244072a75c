import { permissionsResponse, type PermissionsResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getPermissions(): Promise<PermissionsResponse> {
  return apiClient.request('/auth/me/permissions', permissionsResponse);
}

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'permissions'], queryFn: getPermissions });

/** Fetches on every mount of a new observer, so the home shell reloads permissions when it opens. */
export function usePermissionsQuery(enabled = true) {
  return useQuery({ ...permissionsQueryOptions(), enabled });
}
