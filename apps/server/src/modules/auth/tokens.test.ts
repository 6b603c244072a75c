import { REAUTH_HEADER } from '@hivqe/contract';
import { SignJWT, decodeJwt, type JWTPayload } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { PASSWORD, bearer, post, signUp } from '../../../test/auth-flows.ts';
import { uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { Keyring } from '../../providers/secrets/keyring.ts';

const keyring = Keyring.random();
/** The key the app signs its tokens with, derived as app.ts derives it: a forger holding it still gets nowhere. */
const signingKey = keyring.derive('jwt-signing');

let t: TestApp;
appPerTest((current) => ({ t } = current), { keyring });

/** Re-signs `token`'s claims with the server's own key, dropping or replacing the time claims. */
function resign(token: string, times: { iat?: number; exp?: number }): Promise<string> {
  const { iat: _iat, exp: _exp, ...claims }: JWTPayload = decodeJwt(token);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
  if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
  return jwt.sign(signingKey);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const me = (token: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });

describe('JWTs', () => {
  it('are honoured with iat and exp, and refused without exp, without iat, or older than their lifetime', async () => {
    const { access_token: access } = await signUp(t.app, t.mailer, uniqueEmail());
    const now = nowSeconds();
    expect((await me(await resign(access, { iat: now, exp: now + 600 }))).statusCode).toBe(200);

    expect((await me(await resign(access, { iat: now }))).statusCode).toBe(401);
    expect((await me(await resign(access, { exp: now + 600 }))).statusCode).toBe(401);
    expect((await me(await resign(access, {}))).statusCode).toBe(401);
    const stale = await resign(access, { iat: now - 16 * 60, exp: now + 365 * 86_400 });
    expect((await me(stale)).statusCode).toBe(401);
  });

  it('are refused when signed with another algorithm, for another purpose, tampered with, or not yet valid', async () => {
    const { access_token: access } = await signUp(t.app, t.mailer, uniqueEmail());
    const claims = decodeJwt(access);
    const now = nowSeconds();
    const signed = (payload: JWTPayload) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(signingKey);
    const [head, body, signature] = access.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    const flipped = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    for (const token of [
      unsigned,
      flipped,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(signingKey),
      await signed({ ...claims, aud: 'reauth_delete_account' }),
      await signed({ ...claims, nbf: now + 60 }),
      await signed({ ...claims, iat: now + 60 }),
      `${access}.`,
      `${head}.${body}`,
    ]) {
      expect((await me(token)).statusCode, token).toBe(401);
    }
    expect((await me(await signed({ ...claims, aud: ['other', 'access'] }))).statusCode).toBe(200);
  });

  it('are checked once, yet a token honoured before is refused the moment it expires or outlives its lifetime', async () => {
    const { access_token: access } = await signUp(t.app, t.mailer, uniqueEmail());
    const now = nowSeconds();
    const shortLived = await resign(access, { iat: now, exp: now + 60 });
    const longLived = await resign(access, { iat: now, exp: now + 3_600 });
    expect((await me(shortLived)).statusCode).toBe(200);
    expect((await me(longLived)).statusCode).toBe(200);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime((now + 61) * 1000);
      expect((await me(shortLived)).statusCode).toBe(401);
      expect((await me(longLived)).statusCode).toBe(200);
      // Past the 15 minutes an access token may live, whatever its exp says.
      vi.setSystemTime((now + 15 * 60 + 1) * 1000);
      expect((await me(longLived)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuse a re-authentication token without exp: the account is not deleted', async () => {
    const email = uniqueEmail();
    const { access_token: access } = await signUp(t.app, t.mailer, email);
    const reauth = await post(t.app, '/auth/re-authenticate', { email, password: PASSWORD }, bearer(access));
    expect(reauth.statusCode).toBe(200);
    const forever = await resign(reauth.json().reauth_token, { iat: nowSeconds() });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...bearer(access), [REAUTH_HEADER]: forever },
    });
    expect(deleted.statusCode).toBe(403);
    expect((await me(access)).statusCode).toBe(200);
  });
});
