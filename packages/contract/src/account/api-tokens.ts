import { z } from 'zod';
import { adminUserParams } from '../admin.ts';
import { displayName } from '../text.ts';

/**
 * Personal access tokens (issue 28, 1): a script's credential, made in Account Settings, acting as its user
 * within its scope until it expires or is revoked. Only its SHA-256 hash is stored; the value is shown once.
 */

/** Tells a personal access token from a session's access token (a JWT) at a glance and in secret scanners. */
export const API_TOKEN_PREFIX = 'hvq_pat_';
/** `read`: GET and HEAD only. `jobs`: also creates and cancels jobs and scans. Neither manages the account. */
export const API_TOKEN_SCOPES = ['read', 'jobs'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_MAX_DAYS = 365;
/** The lifetimes the console offers; the API takes any whole number of days up to a year. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** Tokens a user may hold at once that have not expired. */
export const MAX_ACTIVE_API_TOKENS = 20;

export const API_TOKENS_PATH = '/account/api-tokens';
export const apiTokenPath = (id: string) => `${API_TOKENS_PATH}/${encodeURIComponent(id)}`;
/** A system administrator's view of any user's tokens; `user` is the e-mail address or the username. */
export const adminApiTokensPath = (user: string) =>
  `/auth/admin/users/${encodeURIComponent(user)}/api-tokens`;

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  jobs: 'Jobs (read, create and cancel jobs)',
};

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please enter a name for the token.',
  nameTooLong: `The name may have at most ${API_TOKEN_NAME_MAX} characters.`,
  expiry: `A token lasts from 1 to ${API_TOKEN_MAX_DAYS} days.`,
  tooMany: `You have ${MAX_ACTIVE_API_TOKENS} active API tokens, the most allowed. Revoke one before creating another.`,
  notFound: 'API token not found',
  expired: 'This API token has expired. Create a new one in Account Settings.',
  revoked: 'API token revoked',
  /** Account, password, token and administration calls need a signed-in session. */
  sessionOnly:
    'API tokens cannot manage accounts, passwords, tokens or administration. Sign in to the console.',
  readOnly: 'This API token is read-only.',
  outOfScope: 'This API token may only read and manage jobs.',
} as const;

export const apiTokenScope = z.enum(API_TOKEN_SCOPES);

export const createApiTokenRequest = z.object({
  name: displayName(
    z
      .string()
      .trim()
      .min(1, API_TOKEN_MESSAGES.nameRequired)
      .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  ),
  scope: apiTokenScope,
  expires_in_days: z
    .number()
    .int(API_TOKEN_MESSAGES.expiry)
    .min(1, API_TOKEN_MESSAGES.expiry)
    .max(API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES.expiry),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequest>;

export const apiToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiTokenScope,
  created_at: z.string(),
  expires_at: z.string(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokensResponse = z.object({ tokens: z.array(apiToken) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponse>;

/** The only time the token's value is sent: it is not stored and cannot be shown again. */
export const createApiTokenResponse = z.object({ token: z.string(), api_token: apiToken });
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponse>;

export const apiTokenParams = z.object({ id: z.uuid('Invalid API token id') });
export const adminApiTokensParams = adminUserParams;
export const adminApiTokenParams = adminUserParams.extend({ id: z.uuid('Invalid API token id') });
