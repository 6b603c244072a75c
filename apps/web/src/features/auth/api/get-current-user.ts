import { meResponse, type MeResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

export function getCurrentUser(): Promise<MeResponse> {
  return apiClient.request('/auth/me', meResponse);
}
