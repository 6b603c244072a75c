import { loginResponse, type LoginRequest, type LoginResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** A 401 here is a wrong password, not an aged token. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.request('/auth/login', loginResponse, { method: 'POST', body, on401: 'fail' });
}
