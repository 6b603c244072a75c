import { BRAND } from '@hivqe/contract';

/** Claims that may name the user, in the order the refresh call prefers them (accounts.md 4.3). */
const IDENTITY_CLAIMS = ['email', 'username', BRAND.usernameClaim] as const;

function decodePayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user's identity read from an access token without verifying it: only a hint for the refresh call. */
export function identityFromToken(token: string): string | null {
  const claims = decodePayload(token);
  if (!claims) return null;
  for (const name of IDENTITY_CLAIMS) {
    const value = claims[name];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}
