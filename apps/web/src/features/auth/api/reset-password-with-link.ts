import { messageResponse, type MessageResponse, type ResetPasswordWithLinkRequest } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Sets the new password from a mailed link's token; every session of the account ends (issue 24, 3). */
export function resetPasswordWithLink(body: ResetPasswordWithLinkRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/reset-password-with-link', messageResponse, { method: 'POST', body });
}

export function useResetPasswordWithLink() {
  return useMutation({ mutationFn: resetPasswordWithLink });
}
