import { AUTH_MESSAGES } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { bearer, post, signUp } from '../../../test/auth-flows.ts';
import { uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { SESSION_MAX_DAYS } from './session-lifetime.ts';
import { REFRESH_TOKEN_DAYS } from './tokens.ts';

const DAY_MS = 86_400_000;
let clock = Date.now();
let t: TestApp;
appPerTest(
  (current) => {
    ({ t } = current);
    clock = Date.now();
  },
  { now: () => new Date(clock) },
);

const refresh = (refreshToken: string) => post(t.app, '/auth/refresh', { refresh_token: refreshToken });
const me = (accessToken: string) => t.app.inject({ url: '/api/v1/auth/me', headers: bearer(accessToken) });

describe('a session', () => {
  it(`ends ${SESSION_MAX_DAYS} days after sign-in even when refreshed all along`, async () => {
    let tokens = await signUp(t.app, t.mailer, uniqueEmail());
    const signedInAt = clock;
    while (clock + (REFRESH_TOKEN_DAYS - 1) * DAY_MS < signedInAt + SESSION_MAX_DAYS * DAY_MS) {
      clock += (REFRESH_TOKEN_DAYS - 1) * DAY_MS;
      const refreshed = await refresh(tokens.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      tokens = { ...tokens, ...refreshed.json() };
    }
    clock = signedInAt + SESSION_MAX_DAYS * DAY_MS - 1000;
    expect((await me(tokens.access_token)).statusCode).toBe(200);

    clock = signedInAt + SESSION_MAX_DAYS * DAY_MS + 1000;
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const late = await refresh(tokens.refresh_token);
    expect([late.statusCode, late.json().message]).toEqual([401, AUTH_MESSAGES.refreshInvalid]);
  });

  it(`ends when its refresh token goes unused for ${REFRESH_TOKEN_DAYS} days`, async () => {
    const tokens = await signUp(t.app, t.mailer, uniqueEmail());
    clock += REFRESH_TOKEN_DAYS * DAY_MS + 1000;
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('started afresh by signing in again lives on after the old one ends', async () => {
    const email = uniqueEmail();
    const first = await signUp(t.app, t.mailer, email);
    clock += SESSION_MAX_DAYS * DAY_MS + 1000;
    expect((await me(first.access_token)).statusCode).toBe(401);
    const again = await post(t.app, '/auth/login', { username: email, password: 'correct horse 42' });
    expect((await me(again.json().access_token)).statusCode).toBe(200);
  });
});
