import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** `user` is the username or the e-mail address. */
export function deleteUser(user: string): Promise<MessageResponse> {
  return apiClient.request(`/auth/admin/users/${encodeURIComponent(user)}`, messageResponse, {
    method: 'DELETE',
  });
}

export function useDeleteUser() {
  return useAdminMutation(deleteUser);
}
