import { messageResponse, type MessageResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** A 401 means the session is already gone (e.g. the account was just deleted): nothing to refresh. */
export function logout(): Promise<MessageResponse> {
  return apiClient.request('/auth/logout', messageResponse, { method: 'POST', on401: 'fail' });
}
