import { messageResponse, type ForgotPasswordRequest, type MessageResponse } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The same answer whether or not the address has an account; the code goes to the mailbox only. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/forgot-password', messageResponse, { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
