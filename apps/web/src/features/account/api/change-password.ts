import { messageResponse, type ChangePasswordRequest, type MessageResponse } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The account's other sessions end on the server; this one carries on. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/change-password', messageResponse, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
