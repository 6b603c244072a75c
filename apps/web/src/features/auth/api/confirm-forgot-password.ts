import { messageResponse, type ConfirmForgotPasswordRequest, type MessageResponse } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Sets the new password and ends every session of the account, so the user signs in afresh. */
export function confirmForgotPassword(body: ConfirmForgotPasswordRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/confirm-forgot-password', messageResponse, { method: 'POST', body });
}

export function useConfirmForgotPassword() {
  return useMutation({ mutationFn: confirmForgotPassword });
}
