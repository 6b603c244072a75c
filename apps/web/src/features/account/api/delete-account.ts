import {
  messageResponse,
  REAUTH_HEADER,
  type MessageResponse,
  type ReauthenticateRequest,
} from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reauthenticate } from './reauthenticate.ts';

export function deleteAccount(reauthToken: string): Promise<MessageResponse> {
  return apiClient.request('/auth/me', messageResponse, {
    method: 'DELETE',
    headers: { [REAUTH_HEADER]: reauthToken },
  });
}

/** accounts.md 4.9: the password is proven again, and the short-lived token it earns authorises the deletion. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (credentials: ReauthenticateRequest) => {
      const { reauth_token } = await reauthenticate(credentials);
      return deleteAccount(reauth_token);
    },
  });
}
