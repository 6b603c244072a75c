import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What a token must satisfy besides its signature. */
export interface JwtRules {
  audience: string;
  /** The longest a token may have lived since `iat`, whatever its `exp` says. */
  maxAgeSeconds: number;
  nowSeconds: number;
}

export type JwtClaims = Record<string, unknown> & { sub: string; iat: number; exp: number };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a compact HS256 JWT synchronously with node:crypto on a key imported once: every authenticated request
 * runs this, and jose's verification awaits WebCrypto (an `importKey` per call). It refuses what jose refused with
 * the options we gave it: any other `alg` (so `none` and RS/ES confusion), `crit` or `b64` headers, a bad
 * signature, a missing `sub`/`iat`/`exp`, another audience, an expired, not-yet-valid, future-issued or too old
 * token. No clock tolerance, as before.
 */
export function verifyHs256(token: string, key: KeyObject, rules: JwtRules): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts;

  const header = decodeObject(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const claims = decodeObject(payloadPart);
  if (!claims) return null;
  const { sub, iat, exp, nbf, aud } = claims;
  const now = rules.nowSeconds;
  if (typeof sub !== 'string' || sub === '' || typeof iat !== 'number' || typeof exp !== 'number')
    return null;
  if (aud !== rules.audience && !(Array.isArray(aud) && aud.includes(rules.audience))) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  const checked = { ...claims, sub, iat, exp };
  return timely(checked, rules) ? checked : null;
}

/**
 * The rules of time alone, for a token whose signature and claims were checked earlier: not expired, not issued
 * in the future, no older than allowed (an `nbf` passed at that check stays passed).
 */
export function timely({ iat, exp }: JwtClaims, rules: Omit<JwtRules, 'audience'>): boolean {
  const now = rules.nowSeconds;
  return exp > now && iat <= now && now - iat <= rules.maxAgeSeconds;
}

function decodeObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
