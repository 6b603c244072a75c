import { messageResponse, type MessageResponse, type RegisterRequest } from '@hivqe/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function register(body: RegisterRequest): Promise<MessageResponse> {
  return apiClient.request('/auth/register', messageResponse, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
