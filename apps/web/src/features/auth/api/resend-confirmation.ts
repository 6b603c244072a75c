import { messageResponse, type MessageResponse, type ResendConfirmationRequest } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function resendConfirmation(body: ResendConfirmationRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/resend-confirmation', messageResponse, { method: 'POST', body });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
