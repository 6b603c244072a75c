import type { TokenResponse } from '@hivqe/contract';

/** Local-storage keys of the session (accounts.md section 3). */
export const STORAGE_KEYS = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  expiresAt: 'token_expires_at',
  userEmail: 'user_email',
} as const;

/** A placeholder some older clients wrote instead of removing the key; it never authenticates. */
const UNUSABLE_TOKEN = 'invalid';

function readToken(key: string): string | null {
  const value = localStorage.getItem(key);
  return value && value !== UNUSABLE_TOKEN ? value : null;
}

export function accessToken(): string | null {
  return readToken(STORAGE_KEYS.accessToken);
}

export function refreshToken(): string | null {
  return readToken(STORAGE_KEYS.refreshToken);
}

/** When the access token expires, in milliseconds since the epoch. */
export function tokenExpiresAt(): number | null {
  const value = Number(localStorage.getItem(STORAGE_KEYS.expiresAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function saveTokens(tokens: TokenResponse, now = Date.now()): number {
  const expiresAt = now + tokens.expires_in * 1000;
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  localStorage.setItem(STORAGE_KEYS.expiresAt, String(expiresAt));
  return expiresAt;
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.expiresAt);
}

export function rememberedEmail(): string | null {
  return localStorage.getItem(STORAGE_KEYS.userEmail)?.trim() || null;
}

export function rememberEmail(email: string): void {
  const trimmed = email.trim();
  if (trimmed) localStorage.setItem(STORAGE_KEYS.userEmail, trimmed);
}

export function forgetEmail(): void {
  localStorage.removeItem(STORAGE_KEYS.userEmail);
}
