import { z } from 'zod';

/**
 * Every refusal and failure the API answers, by its machine-readable `code` (issue 28 §2–3): a client branches on
 * the code, shows the message. Codes are stable; messages may be reworded. docs/api-errors.md lists them (a test
 * keeps the two equal).
 */
export const API_ERROR_CODES = {
  invalid_request: {
    status: 400,
    meaning: 'Well formed, but refused by a rule of the product (the message says which).',
  },
  validation_failed: {
    status: 400,
    meaning: 'A body, query, path parameter or header does not match its schema.',
  },
  malformed_request: {
    status: 400,
    meaning: 'The request cannot be read: malformed JSON, an empty JSON body or URL.',
  },
  invalid_code: { status: 400, meaning: 'An e-mailed code or link is wrong, expired or used up.' },
  unauthenticated: {
    status: 401,
    meaning: 'No valid access token or API token: sign in again or use another token.',
  },
  invalid_credentials: { status: 401, meaning: 'The e-mail address or password is wrong.' },
  quota_exceeded: { status: 402, meaning: 'A cloud provider refused for a quota of the account that pays.' },
  forbidden: { status: 403, meaning: 'Signed in, but not allowed to do this.' },
  admin_required: { status: 403, meaning: 'Only a system administrator may do this.' },
  insufficient_scope: {
    status: 403,
    meaning: "An API token's scope does not cover this, or only a signed-in session may.",
  },
  email_not_confirmed: {
    status: 403,
    meaning: 'The account exists but its e-mail address is not confirmed yet.',
  },
  password_reset_required: { status: 403, meaning: 'The account must set a new password before signing in.' },
  reauth_required: { status: 403, meaning: 'This needs a fresh password check (re-authentication) first.' },
  no_permission_source: {
    status: 403,
    meaning: 'No organization, subscription or domain lets this user run jobs.',
  },
  cloud_access_denied: { status: 403, meaning: "The user's cloud account refused the platform's role." },
  not_found: { status: 404, meaning: 'The resource does not exist or is not visible to this user.' },
  route_not_found: { status: 404, meaning: 'No operation of the API has this method and path.' },
  conflict: {
    status: 409,
    meaning: "The resource's current state does not allow this (the message says why).",
  },
  device_retired: { status: 410, meaning: 'The quantum device is retired.' },
  payload_too_large: { status: 413, meaning: 'The request body is larger than the API accepts.' },
  unsupported_media_type: { status: 415, meaning: 'The request body is not JSON (Content-Type).' },
  idempotency_key_reused: {
    status: 422,
    meaning: 'This Idempotency-Key was used within 24 h with another body.',
  },
  device_offline: { status: 424, meaning: 'The quantum device is offline.' },
  rate_limited: { status: 429, meaning: 'Too many requests: wait for Retry-After seconds.' },
  too_many_active_jobs: { status: 429, meaning: 'The active-job limit is reached: wait for a job to end.' },
  internal_error: {
    status: 500,
    meaning: 'An unexpected fault; the response carries x-request-id for support.',
  },
  upstream_failed: { status: 502, meaning: 'A cloud provider answered with an error.' },
  service_unavailable: { status: 503, meaning: 'A service the API needs cannot be reached: try again.' },
  database_unavailable: { status: 503, meaning: 'The database cannot be reached: retry after Retry-After.' },
  database_timeout: { status: 503, meaning: 'The database did not answer in time: retry after Retry-After.' },
  upstream_timeout: { status: 504, meaning: 'A cloud provider did not answer in time.' },
  disk_full: { status: 507, meaning: "The server's disk is full: nothing was saved." },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

const codes = Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

/** The code of a refusal that names no more specific one: the first listed for its status. */
export function defaultErrorCode(status: number): ApiErrorCode {
  return (
    codes.find((code) => API_ERROR_CODES[code].status === status) ??
    (status < 500 ? 'invalid_request' : 'internal_error')
  );
}

/** The one body of every error response. */
export const apiError = z.object({
  message: z.string().describe('What went wrong, for a person.'),
  code: z.enum(codes).describe('What went wrong, for a program (see the table of codes).'),
});
export type ApiError = z.infer<typeof apiError>;
