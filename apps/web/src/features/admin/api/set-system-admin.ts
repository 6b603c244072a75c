import { adminUser, type AdminUser, type SetSystemAdminRequest } from '@hivqe/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { permissionsQueryOptions } from '../../auth/api/get-permissions.ts';
import { adminKeys } from './query-keys.ts';
import { refreshUsersAndOrganizations } from './use-admin-mutation.ts';

export function setSystemAdmin({ user, is_system_admin }: SetSystemAdminRequest & { user: string }) {
  return apiClient.request<AdminUser>(
    `/auth/admin/users/${encodeURIComponent(user)}/system-admin`,
    adminUser,
    {
      method: 'PUT',
      body: { is_system_admin },
    },
  );
}

/**
 * Sets a user's System Admin flag and shows the answer in place. When the change was the caller's own, or the
 * server says the caller is no longer an administrator (403), the caller's permissions are read again instead
 * of the user list, which would only be refused: the shell then closes the administrator's screens.
 */
export function useSetSystemAdmin(callerEmail: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SetSystemAdminRequest & { user: AdminUser }) =>
      setSystemAdmin({ user: change.user.username, is_system_admin: change.is_system_admin }),
    onSuccess: (updated) =>
      queryClient.setQueriesData<InfiniteData<{ users: AdminUser[] }>>(
        { queryKey: [...adminKeys.all, 'users'] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              users: page.users.map((user) => (user.username === updated.username ? updated : user)),
            })),
          },
      ),
    onSettled: (_updated, error, change) => {
      const lostAccess =
        change.user.email === callerEmail || (error instanceof ApiError && error.status === 403);
      if (lostAccess) return queryClient.invalidateQueries({ queryKey: permissionsQueryOptions().queryKey });
      return refreshUsersAndOrganizations(queryClient);
    },
  });
}
