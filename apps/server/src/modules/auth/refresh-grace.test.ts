import { AUTH_MESSAGES } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { bearer, post, signUp } from '../../../test/auth-flows.ts';
import { uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from './service.ts';

let t: TestApp;
let clock = Date.parse('2030-01-01T00:00:00Z');
appPerTest(({ t: current }) => (t = current), { now: () => new Date(clock) });

const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

interface Pair {
  access_token: string;
  refresh_token: string;
}

async function refresh(refreshToken: string) {
  return post(t.app, '/auth/refresh', { refresh_token: refreshToken });
}

async function refreshed(refreshToken: string): Promise<Pair> {
  const res = await refresh(refreshToken);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function me(accessToken: string): Promise<number> {
  return (await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(accessToken) })).statusCode;
}

/** A refusal that revoked the session: the holder of the newest tokens is out as well. */
async function expectRevoked(res: Awaited<ReturnType<typeof refresh>>, newest: Pair) {
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe(AUTH_MESSAGES.refreshInvalid);
  expect((await refresh(newest.refresh_token)).statusCode).toBe(401);
  expect(await me(newest.access_token)).toBe(401);
}

describe('refresh-token reuse grace', () => {
  it('answers two concurrent refreshes with one token with the same successor, and the session lives on', async () => {
    const login = await signUp(t.app, t.mailer, uniqueEmail('tabs'));
    const [first, second] = await Promise.all([refresh(login.refresh_token), refresh(login.refresh_token)]);

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [a, b]: Pair[] = [first.json(), second.json()];
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(a.refresh_token).not.toBe(login.refresh_token);
    expect(await me(a.access_token)).toBe(200);
    expect(await me(b.access_token)).toBe(200);
    const next = await refreshed(a.refresh_token);
    expect(await me(next.access_token)).toBe(200);
  });

  it('answers a late second tab inside the grace with the same successor', async () => {
    const login = await signUp(t.app, t.mailer, uniqueEmail('late'));
    const rotated = await refreshed(login.refresh_token);
    clock += GRACE_MS;

    const late = await refreshed(login.refresh_token);
    expect(late.refresh_token).toBe(rotated.refresh_token);
    expect(await me(late.access_token)).toBe(200);
  });

  it('revokes the session when a used token comes back after the grace', async () => {
    const login = await signUp(t.app, t.mailer, uniqueEmail('replay'));
    const rotated = await refreshed(login.refresh_token);
    clock += GRACE_MS + 1;

    await expectRevoked(await refresh(login.refresh_token), rotated);
  });

  it('revokes the session when a used token comes back after its successor was itself used', async () => {
    const login = await signUp(t.app, t.mailer, uniqueEmail('chain'));
    const rotated = await refreshed(login.refresh_token);
    const newest = await refreshed(rotated.refresh_token);

    await expectRevoked(await refresh(login.refresh_token), newest);
  });

  it('keeps refusing a token of a revoked session, grace or not', async () => {
    const login = await signUp(t.app, t.mailer, uniqueEmail('out'));
    await refreshed(login.refresh_token);
    expect((await post(t.app, '/auth/logout', undefined, bearer(login.access_token))).statusCode).toBe(200);

    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
  });
});
