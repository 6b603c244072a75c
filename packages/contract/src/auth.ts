import { z } from 'zod';
import { email } from './common.ts';
import {
  CONFIRMATION_CODE_LENGTH,
  FULL_NAME_MAX_LENGTH,
  HISTORY_PAGE_SIZE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from './limits.ts';
import { displayName } from './text.ts';

/** Server messages the console's error catalogue matches on (accounts.md section 8): keep them word for word. */
export const AUTH_MESSAGES = {
  userExistsConfirmed: 'User already exists and is confirmed',
  userExistsUnconfirmed: 'User exists but email is not confirmed',
  emailNotConfirmed: 'Email not confirmed',
  badCredentials: 'Incorrect username or password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  codeFormat: 'Please enter the 6-digit confirmation code.',
  codeInvalid: 'Invalid confirmation code.',
  codeExpired: 'Confirmation code has expired. Please request a new one.',
  codeAttempts: 'Too many failed attempts for this code. Please request a new one.',
  /** The same for every address (issue 24, 6): whether one was mailed tells nobody whether it has an account. */
  codeSent: 'If this email is registered and not yet confirmed, a new confirmation code has been sent to it.',
  registered: 'Registration successful. A confirmation code has been sent to your email.',
  confirmed: 'Email confirmed successfully.',
  sessionInvalid: 'Session is invalid or has expired. Please sign in again.',
  refreshInvalid: 'Refresh token is invalid or has expired.',
  authRequired: 'Authentication required',
  reauthRequired: 'A valid re-authentication token is required.',
  accountDeleted: 'Account deleted',
  loggedOut: 'Logged out',
  profileUpdated: 'Profile updated',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordBlank: 'Password cannot consist of spaces only.',
  passwordCommon: 'This password is too common or has appeared in a data breach. Please choose another.',
  passwordSameAsCurrent: 'The new password must be different from the current one.',
  passwordSameAsInitial: 'The new password must be different from the one you were given.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  forgotPasswordSent:
    'If an account exists for this email, a code to reset its password has been sent to it.',
  passwordReset: 'Your password has been reset.',
  confirmedNeedsPassword:
    'Email confirmed. To sign in, set a password with "Forgot password?" on the sign-in page.',
  passwordResetRequired: 'This account needs a new password. Use "Forgot password?" to get a code by email.',
  resetLinkInvalid: 'This password reset link is invalid, used or expired. Please request a new one.',
} as const;

/** Where a reset mail's link leads in the console; its token rides in the `token` query parameter. */
export const RESET_PASSWORD_PATH = '/reset-password';
/** A reset mail's link works this long from sending, until it or a code is used (issue 24, 3). */
export const RESET_LINK_LIFETIME_MINUTES = 60;
/** Wrong reset codes tried for one account in a sliding hour, across client addresses and codes. */
export const RESET_GUESSES_PER_HOUR = 25;
/** 32 random bytes, base64url: what a reset link's token looks like. */
export const RESET_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Forgot password past a mail budget: every reset mail sent in the last hour carries a link that still works,
 * so whoever holds the mailbox need not wait.
 */
export const resetMailsExhaustedMessage = (seconds: number) => {
  const minutes = waitMinutes(seconds);
  return (
    'Too many password reset emails for this address. The link in the latest one works for an hour after ' +
    `it was sent; or ask again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
  );
};

/** The code route past the account's ceiling: the mailed link still works, whoever spent the guesses. */
export const resetGuessesExhaustedMessage = (seconds: number) => {
  const minutes = waitMinutes(seconds);
  return (
    'Too many wrong codes for this account. Use the link in your password reset email, ' +
    `or try a code again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
  );
};

/** The one hint every screen shows beside a new password field (ASVS 5.0 V6: length, no composition rules). */
export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are not accepted.`;

/** A wait in whole minutes, rounded up (61 s is 2 minutes): a 429's message says it, `Retry-After` its seconds. */
export const waitMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The wait in whole minutes, rounded up (61 s reads "2 minutes"). */
export const tooManyRequestsMessage = (seconds: number) => {
  const minutes = waitMinutes(seconds);
  return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/** A password's length as people count it: Unicode code points, not UTF-16 units (ASVS 5.0 V6). */
export function passwordLength(value: string): number {
  // Each code point takes one or two UTF-16 units, so a longer string cannot be short enough: skip the count.
  return value.length > 2 * PASSWORD_MAX_LENGTH ? value.length : [...value].length;
}

/**
 * The rule a new password meets in every screen and the API, or the message saying what it misses.
 * The server also refuses common and breached passwords (too large a list to ship to the browser).
 */
export function passwordRuleError(value: string): string | null {
  const length = passwordLength(value);
  if (length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (value.trim() === '') return AUTH_MESSAGES.passwordBlank;
  return null;
}

/** A password being set: kept exactly as typed (never trimmed or truncated). */
export const newPassword = z.string({ message: 'Password is required' }).superRefine((value, ctx) => {
  const message = passwordRuleError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** Login takes any stored password, so an account created under an older rule can still sign in. */
const anyPassword = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);
const username = z.string().trim().min(1, 'Username is required').max(254);

export const loginRequest = z.object({
  username,
  password: anyPassword,
  marketplace: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const loginResponse = z.object({
  challenge_name: z.string().nullable(),
  session: z.string().nullable(),
  access_token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  expires_in: z.number().int().nullable(),
  user_email: z.string(),
  user_username: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({
  refresh_token: z.string().min(1).max(512),
  email: z.string().max(254).optional(),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;

export const completeNewPasswordRequest = z.object({
  username,
  new_password: newPassword,
  session: z.string().min(1).max(4096),
});
export type CompleteNewPasswordRequest = z.infer<typeof completeNewPasswordRequest>;
export const completeNewPasswordResponse = tokenResponse.extend({ user_email: z.string() });
export type CompleteNewPasswordResponse = z.infer<typeof completeNewPasswordResponse>;

export const registerRequest = z.object({
  username: z.string().max(254).optional(),
  email,
  password: newPassword,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const confirmationCode = z
  .string()
  .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), AUTH_MESSAGES.codeFormat);
/**
 * The spec's fields plus the password the confirming user chooses: the code proves the mailbox, so only a
 * password given with it may sign in (issue 10, section 3). Without it the account needs a reset by mail.
 */
export const confirmEmailRequest = z.object({
  username: email,
  confirmation_code: confirmationCode,
  password: newPassword.optional(),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const confirmForgotPasswordRequest = z.object({
  email,
  code: confirmationCode,
  password: newPassword,
});
export type ConfirmForgotPasswordRequest = z.infer<typeof confirmForgotPasswordRequest>;

/** The new password with the token of a mailed reset link (issue 24, 3). */
export const resetPasswordWithLinkRequest = z.object({
  token: z.string().regex(RESET_LINK_TOKEN_PATTERN, AUTH_MESSAGES.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordWithLinkRequest = z.infer<typeof resetPasswordWithLinkRequest>;

export const changePasswordRequest = z.object({
  current_password: anyPassword,
  new_password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const resendConfirmationRequest = z.object({ username: email });
export type ResendConfirmationRequest = z.infer<typeof resendConfirmationRequest>;

export const reauthenticateRequest = z.object({ email: username, password: anyPassword });
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequest>;
export const reauthenticateResponse = z.object({ reauth_token: z.string(), expires_in: z.number().int() });
export type ReauthenticateResponse = z.infer<typeof reauthenticateResponse>;

export const meResponse = z.object({
  is_authenticated: z.boolean(),
  username: z.string(),
  email: z.string(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const permissionsResponse = z.object({
  permissions: z.array(z.string()),
  groups: z.array(z.string()),
});
export type PermissionsResponse = z.infer<typeof permissionsResponse>;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const AUTH_EVENT_TYPES = [
  'SIGN_UP',
  'CONFIRM_EMAIL',
  'LOGIN',
  'REFRESH',
  'LOGOUT',
  'NEW_PASSWORD',
  'REAUTHENTICATE',
  'DELETE_ACCOUNT',
  'FORGOT_PASSWORD',
  'RESET_PASSWORD',
  'CHANGE_PASSWORD',
] as const;
export type AuthEventType = (typeof AUTH_EVENT_TYPES)[number];

export const authEvent = z.object({
  timestamp: z.string(),
  event_type: z.enum(AUTH_EVENT_TYPES),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  success: z.boolean(),
  email: z.string().nullable(),
});
export type AuthEvent = z.infer<typeof authEvent>;
export const historyResponse = z.object({
  events: z.array(authEvent),
  current_page: z.number().int(),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

export const profileResponse = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
  user_id: z.string(),
  username: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

const optionalText = (max: number, label: string, kind = (text: z.ZodString) => text) =>
  kind(z.string().trim().max(max, `${label} must be at most ${max} characters`))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const updateProfileRequest = z
  .object({
    name: optionalText(FULL_NAME_MAX_LENGTH, 'Full name', displayName),
    phone_number: optionalText(PHONE_MAX_LENGTH, 'Phone number'),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
