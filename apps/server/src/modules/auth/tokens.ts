import { createHash, createHmac, createSecretKey, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { timely, verifyHs256, type JwtClaims } from './jwt-hs256.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** The idle limit: a session whose refresh token goes unused this long ends (see also SESSION_MAX_DAYS). */
export const REFRESH_TOKEN_DAYS = 7;
export const REAUTH_TOKEN_SECONDS = 5 * 60;
export const CHALLENGE_SESSION_SECONDS = 10 * 60;

type Purpose = 'access' | 'new_password' | 'reauth_delete_account';

/** How long a token of each purpose lives; a token claiming a longer life is refused (see verify). */
const LIFETIME_SECONDS: Record<Purpose, number> = {
  access: ACCESS_TOKEN_SECONDS,
  new_password: CHALLENGE_SESSION_SECONDS,
  reauth_delete_account: REAUTH_TOKEN_SECONDS,
};

export interface AccessClaims {
  sub: string;
  email: string;
  username: string;
  sid: string;
}

/**
 * How many checked access tokens are remembered: a client sends its token on every request for 15 minutes, so a
 * token is checked (HMAC, base64url, JSON) once instead of on each of them. Only tokens that passed are kept.
 */
const CHECKED_ACCESS_TOKENS = 10_000;

/** Signs and checks every token the server issues; each purpose is its own audience, so none stands in for another. */
export class TokenService {
  /** Imported once: the check of each request's token needs no key import. */
  private readonly verifyKey: KeyObject;
  private readonly checkedAccess = new BoundedMap<string, { claims: JwtClaims; access: AccessClaims }>(
    CHECKED_ACCESS_TOKENS,
  );

  constructor(
    private readonly signingKey: Uint8Array,
    private readonly hmacKey: Buffer,
  ) {
    this.verifyKey = createSecretKey(signingKey);
  }

  access(claims: AccessClaims): Promise<string> {
    return this.sign(
      'access',
      { email: claims.email, username: claims.username, sid: claims.sid },
      claims.sub,
    );
  }

  verifyAccess(token: string): AccessClaims | null {
    const known = this.checkedAccess.get(token);
    if (known) {
      if (timely(known.claims, this.rulesOf('access'))) return known.access;
      this.checkedAccess.delete(token);
      return null;
    }
    const payload = this.verify('access', token);
    if (!payload || typeof payload.sid !== 'string' || typeof payload.email !== 'string') return null;
    const access = {
      sub: payload.sub,
      email: payload.email,
      username: String(payload.username),
      sid: payload.sid,
    };
    this.checkedAccess.set(token, { claims: payload, access });
    return access;
  }

  /** The NEW_PASSWORD_REQUIRED challenge's session string. */
  challenge(userId: string): Promise<string> {
    return this.sign('new_password', {}, userId);
  }

  verifyChallenge(token: string): string | null {
    return this.verify('new_password', token)?.sub ?? null;
  }

  reauth(userId: string): Promise<string> {
    return this.sign('reauth_delete_account', {}, userId);
  }

  verifyReauth(token: string): string | null {
    return this.verify('reauth_delete_account', token)?.sub ?? null;
  }

  /** A refresh token: random, shown once, stored only as its hash. */
  newOpaqueToken(): string {
    return randomBytes(32).toString('base64url');
  }

  hashOpaque(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /**
   * The refresh token that replaces `token` when it is rotated. Derived rather than random, so a second
   * refresh with `token` in the reuse grace gets the same successor without the server keeping it anywhere;
   * unguessable without the server's key. The label keeps these inputs apart from the codes' (`<uuid>:<code>`).
   */
  successorOf(token: string): string {
    return createHmac('sha256', this.hmacKey).update(`refresh-successor:${token}`).digest('base64url');
  }

  newCode(): string {
    return randomInt(0, 1_000_000).toString().padStart(6, '0');
  }

  /** Keyed, because a 6-digit code's plain hash would fall to a million guesses offline. */
  hashCode(userId: string, code: string): string {
    return createHmac('sha256', this.hmacKey).update(`${userId}:${code}`).digest('hex');
  }

  private sign(purpose: Purpose, claims: Record<string, string>, subject: string): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setAudience(purpose)
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS[purpose]}s`)
      .sign(this.signingKey);
  }

  /** A token must say when it was issued and when it expires, and be no older than its purpose allows. */
  private verify(purpose: Purpose, token: string) {
    return verifyHs256(token, this.verifyKey, { audience: purpose, ...this.rulesOf(purpose) });
  }

  private rulesOf(purpose: Purpose) {
    return { maxAgeSeconds: LIFETIME_SECONDS[purpose], nowSeconds: Math.floor(Date.now() / 1000) };
  }
}
