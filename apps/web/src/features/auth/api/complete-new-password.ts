import {
  completeNewPasswordResponse,
  type CompleteNewPasswordRequest,
  type CompleteNewPasswordResponse,
} from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** A 401 here is an expired challenge session, which no refresh can mend. */
export function completeNewPassword(body: CompleteNewPasswordRequest): Promise<CompleteNewPasswordResponse> {
  return apiClient.request('/auth/complete-new-password', completeNewPasswordResponse, {
    method: 'POST',
    body,
    on401: 'fail',
  });
}
