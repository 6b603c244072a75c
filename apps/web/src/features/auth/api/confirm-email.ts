import { messageResponse, type ConfirmEmailRequest, type MessageResponse } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function confirmEmail(body: ConfirmEmailRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/confirm-email', messageResponse, { method: 'POST', body });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
