import { adminUser, type AdminUser, type SetSystemAdminRequest } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

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

export function useSetSystemAdmin() {
  return useAdminMutation(setSystemAdmin);
}
