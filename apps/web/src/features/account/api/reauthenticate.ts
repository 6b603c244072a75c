import {
  reauthenticateResponse,
  type ReauthenticateRequest,
  type ReauthenticateResponse,
} from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** A 401 here is a wrong password: it must not end the session. */
export function reauthenticate(body: ReauthenticateRequest): Promise<ReauthenticateResponse> {
  return apiClient.request('/auth/re-authenticate', reauthenticateResponse, {
    method: 'POST',
    body,
    on401: 'fail',
  });
}
