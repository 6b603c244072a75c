import { sign } from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bearer, PASSWORD, signUp } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, RELAXED_THROTTLE, uniqueEmail } from '../../../test/harness.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { DEFAULT_AUTH_THROTTLE, DEFAULT_SIGN_IN_BACKOFF } from './throttle-rules.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const minute = 60_000;
const WRONG = 'wrong-password';

async function appWith(rules: Partial<typeof DEFAULT_AUTH_THROTTLE>) {
  return createTestApp({ throttleRules: { ...RELAXED_THROTTLE, ...rules } }, database);
}

/** An app with the production limits and a clock the test moves. */
async function productionApp() {
  const clock = { now: new Date('2026-03-01T10:00:00Z') };
  const t = await createTestApp({ throttleRules: DEFAULT_AUTH_THROTTLE, now: () => clock.now }, database);
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { ...t, advance };
}

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

function from(
  ip: string,
  url: string,
  payload: object,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return {
    method: 'POST' as const,
    url: `/api/v1${url}`,
    payload,
    remoteAddress: ip,
    headers,
    ...(cookie ? { cookies: { [DEVICE_COOKIE]: cookie } } : {}),
  };
}

const login = (app: App, ip: string, username: string, password: string, cookie?: string) =>
  app.inject(from(ip, '/auth/login', { username, password }, cookie));

const deviceCookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);

/** Signs the owner up and in once from their own browser; returns that browser's device cookie. */
async function ownerWithBrowser(t: { app: App; mailer: Parameters<typeof signUp>[1] }, email: string) {
  await signUp(t.app, t.mailer, email);
  const res = await login(t.app, '192.0.2.10', email, PASSWORD);
  expect(res.statusCode).toBe(200);
  return deviceCookieOf(res)!.value;
}

/** A 429 whose `Retry-After` is exactly the wait its message names (issue 24, 2: never "1 minute" beside 1 s). */
function expectThrottled(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const minutes = res.json().message.match(/^Too many requests\. Please try again in (\d+) minutes?\.$/)?.[1];
  expect(minutes).toBeDefined();
  expect(res.headers['retry-after']).toBe(String(Number(minutes) * 60));
  // The draft's RateLimit headers say the same: nothing left until the wait is over.
  expect(res.headers['ratelimit-remaining']).toBe('0');
  expect(res.headers['ratelimit-reset']).toBe(res.headers['retry-after']);
}

const attackers = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);

describe('device cookies', () => {
  it('are HttpOnly, SameSite Strict, limited to the auth routes, and Secure when the console is https', async () => {
    const email = uniqueEmail();
    const plain = await appWith({});
    const secure = await createTestApp({ publicUrl: 'https://console.example.com' }, database);
    try {
      await ownerWithBrowser(plain, email);
      const res = await login(plain.app, '192.0.2.1', email, PASSWORD);
      expect(deviceCookieOf(res)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/v1/auth',
        maxAge: 180 * 86_400,
      });
      expect(deviceCookieOf(res)!.secure).toBeFalsy();
      const overHttps = await login(secure.app, '192.0.2.1', email, PASSWORD);
      expect(deviceCookieOf(overHttps)!.secure).toBe(true);
    } finally {
      await plain.close();
      await secure.close();
    }
  });

  it('never let a distributed attack lock the owner out of a browser they signed in from', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail('victim');
      const cookie = await ownerWithBrowser(t, email);
      // An hour of guessing from 20 addresses, one guess every 10 s; the owner signs in every 10 minutes.
      let admitted = 0;
      for (let tick = 0; tick < 360; tick++) {
        const res = await login(t.app, attackers[tick % 20], email, WRONG);
        expect([401, 429]).toContain(res.statusCode);
        if (res.statusCode === 401) admitted += 1;
        if (tick % 60 === 59) {
          expect((await login(t.app, '192.0.2.10', email, PASSWORD, cookie)).statusCode).toBe(200);
        }
        t.advance(10_000);
      }
      expect(admitted).toBeLessThanOrEqual(100);
      // A burst right before the owner comes back does not stop them either.
      for (const ip of attackers) for (let i = 0; i < 5; i++) await login(t.app, ip, email, WRONG);
      const owner = await login(t.app, '192.0.2.10', email, PASSWORD, cookie);
      expect(owner.statusCode).toBe(200);
      // Everyone else (even with the right password) meets the account's back-off.
      expectThrottled(await login(t.app, '203.0.113.7', email, PASSWORD));
    } finally {
      await t.close();
    }
  });

  it('give no privilege when forged, tampered with, expired or issued for another account', async () => {
    const t = await productionApp();
    try {
      const victim = uniqueEmail('victim');
      const victimCookie = await ownerWithBrowser(t, victim);
      const attackerCookie = await ownerWithBrowser(t, uniqueEmail('attacker'));
      for (let i = 0; i < 6; i++) await login(t.app, attackers[0], victim, WRONG);
      const [victimId, device] = victimCookie.split('.');
      const forged = [
        attackerCookie,
        sign(`${victimId}.${device}.9999999999`, randomBytes(32)),
        victimCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        `${victimId}.${device}.9999999999`,
        'x'.repeat(4000),
      ];
      for (const cookie of forged) {
        expectThrottled(await login(t.app, attackers[1], victim, PASSWORD, cookie));
      }
      t.advance(181 * 86_400_000);
      for (let i = 0; i < 6; i++) await login(t.app, attackers[0], victim, WRONG);
      expectThrottled(await login(t.app, '192.0.2.10', victim, PASSWORD, victimCookie));
    } finally {
      await t.close();
    }
  });

  it('lock out a browser that fails too often itself, which then counts as unknown', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      const cookie = await ownerWithBrowser(t, email);
      for (let i = 0; i < 6; i++) await login(t.app, attackers[0], email, WRONG);
      // A thief with the cookie gets the browser's own allowance of guesses, no more.
      for (let i = 0; i < DEFAULT_AUTH_THROTTLE.signInPerDevice.limit; i++) {
        expect((await login(t.app, attackers[1], email, WRONG, cookie)).statusCode).toBe(401);
      }
      expectThrottled(await login(t.app, attackers[1], email, PASSWORD, cookie));
    } finally {
      await t.close();
    }
  });
});

describe('per-account back-off', () => {
  it('counts signing in by username and by e-mail against one account', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      const { user_username: username } = await signUp(t.app, t.mailer, email);
      for (let i = 0; i < 3; i++) await login(t.app, attackers[i], email.toUpperCase(), WRONG);
      for (let i = 3; i < 5; i++) await login(t.app, attackers[i], username, WRONG);
      expectThrottled(await login(t.app, attackers[5], username, PASSWORD));
      expectThrottled(await login(t.app, attackers[6], email, PASSWORD));
    } finally {
      await t.close();
    }
  });

  it('treats a login that names no account exactly like one that does', async () => {
    const t = await productionApp();
    try {
      const ghost = uniqueEmail('nobody');
      for (let i = 0; i < DEFAULT_SIGN_IN_BACKOFF.freeFailures; i++) {
        expect((await login(t.app, attackers[i], ghost, WRONG)).statusCode).toBe(401);
      }
      expectThrottled(await login(t.app, attackers[9], ghost.toUpperCase(), WRONG));
    } finally {
      await t.close();
    }
  });

  it('waits, then lets the owner in on a new browser; the wait never exceeds a minute', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      await signUp(t.app, t.mailer, email);
      for (let i = 0; i < 200; i++) await login(t.app, attackers[i % 20], email, WRONG);
      const refused = await login(t.app, '203.0.113.9', email, PASSWORD);
      expectThrottled(refused);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      t.advance(Number(refused.headers['retry-after']) * 1000);
      const res = await login(t.app, '203.0.113.9', email, PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(deviceCookieOf(res)).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('admits concurrent guesses only up to the allowance', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      await signUp(t.app, t.mailer, email);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(t.app, attackers[i % 20], email, WRONG)),
      );
      const admitted = answers.filter((res) => res.statusCode === 401).length;
      expect(admitted).toBeLessThanOrEqual(DEFAULT_SIGN_IN_BACKOFF.freeFailures);
      expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(60 - admitted);
    } finally {
      await t.close();
    }
  });
});

describe('re-authentication', () => {
  it('is throttled like login and shares its counter', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      const session = await signUp(t.app, t.mailer, email);
      const reauth = (ip: string, password: string, cookie?: string) =>
        t.app.inject(
          from(ip, '/auth/re-authenticate', { email, password }, cookie, bearer(session.access_token)),
        );
      const answers = await Promise.all(Array.from({ length: 40 }, () => reauth(attackers[0], WRONG)));
      expect(answers.filter((res) => res.statusCode === 401).length).toBeLessThanOrEqual(
        DEFAULT_SIGN_IN_BACKOFF.freeFailures,
      );
      expectThrottled(await reauth(attackers[1], PASSWORD));
      expectThrottled(await login(t.app, attackers[2], email, PASSWORD));
    } finally {
      await t.close();
    }
  });

  it('lets the owner re-authenticate from their browser during an attack', async () => {
    const t = await productionApp();
    try {
      const email = uniqueEmail();
      const cookie = await ownerWithBrowser(t, email);
      const session = await login(t.app, '192.0.2.10', email, PASSWORD, cookie);
      for (let i = 0; i < 40; i++) await login(t.app, attackers[i % 20], email, WRONG);
      const res = await t.app.inject(
        from(
          '192.0.2.10',
          '/auth/re-authenticate',
          { email, password: PASSWORD },
          cookie,
          bearer(session.json().access_token),
        ),
      );
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('per-address limit', () => {
  it('stops credential stuffing from one address without locking out users behind it', async () => {
    const t = await productionApp();
    try {
      const colleague = uniqueEmail('colleague');
      const cookie = await ownerWithBrowser(t, colleague);
      const shared = '192.0.2.77';
      const stuffed = DEFAULT_AUTH_THROTTLE.signInPerIp.limit + 10;
      const answers = [];
      for (let i = 0; i < stuffed; i++) answers.push(await login(t.app, shared, uniqueEmail('x'), WRONG));
      expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(
        DEFAULT_AUTH_THROTTLE.signInPerIp.limit,
      );
      expectThrottled(answers.at(-1)!);
      // A colleague behind the same address, in a browser they signed in from before, is not affected.
      expect((await login(t.app, shared, colleague, PASSWORD, cookie)).statusCode).toBe(200);
      // Others who succeed do not use up the address's allowance.
      const other = await appWith({ signInPerIp: { limit: 2, windowMs: minute } });
      try {
        const email = uniqueEmail();
        await signUp(other.app, other.mailer, email);
        for (let i = 0; i < 3; i++) {
          expect((await login(other.app, '192.0.2.78', email, PASSWORD)).statusCode).toBe(200);
        }
      } finally {
        await other.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('RateLimit headers', () => {
  it('tell each answer of a limited route its allowance, the tightest limit it met', async () => {
    const t = await appWith({ registerPerIp: { limit: 3, windowMs: minute } });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await t.app.inject(
          from('10.0.9.1', '/auth/register', { email: uniqueEmail(), password: PASSWORD }),
        );
        expect(res.statusCode).toBe(201);
        expect(res.headers['ratelimit-limit']).toBe('3');
        expect(res.headers['ratelimit-policy']).toBe('3;w=60');
        expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
        remaining.push(String(res.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      expectThrottled(
        await t.app.inject(from('10.0.9.1', '/auth/register', { email: uniqueEmail(), password: PASSWORD })),
      );
      // A route that meets no limit sends none.
      expect((await t.app.inject({ url: '/api/v1/health' })).headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the other unauthenticated auth actions', () => {
  it('throttles registration per address and creates nothing when refused', async () => {
    const t = await appWith({ registerPerIp: { limit: 1, windowMs: minute } });
    try {
      const first = await t.app.inject(
        from('10.0.2.1', '/auth/register', { email: uniqueEmail(), password: PASSWORD }),
      );
      expect(first.statusCode).toBe(201);
      const email = uniqueEmail();
      const second = await t.app.inject(from('10.0.2.1', '/auth/register', { email, password: PASSWORD }));
      expectThrottled(second);
      expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('throttles confirmation attempts per address', async () => {
    const t = await appWith({ confirmPerIp: { limit: 2, windowMs: minute } });
    try {
      const payload = { username: uniqueEmail(), confirmation_code: '123456' };
      for (let i = 0; i < 2; i++)
        expect((await t.app.inject(from('10.0.3.1', '/auth/confirm-email', payload))).statusCode).toBe(400);
      expectThrottled(await t.app.inject(from('10.0.3.1', '/auth/confirm-email', payload)));
    } finally {
      await t.close();
    }
  });

  it('lets a code be resent once a minute per account and client address, never holding back another', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const t = await createTestApp(
      {
        throttleRules: { ...RELAXED_THROTTLE, resendPerAccount: DEFAULT_AUTH_THROTTLE.resendPerAccount },
        now: () => now,
      },
      database,
    );
    const resend = (ip: string, username: string) =>
      t.app.inject(from(ip, '/auth/resend-confirmation', { username }));
    try {
      const email = uniqueEmail();
      await t.app.inject(from('10.0.4.1', '/auth/register', { email, password: PASSWORD }));
      expect((await resend('10.0.4.1', email)).statusCode).toBe(200);
      const again = await resend('10.0.4.1', email);
      expectThrottled(again);
      expect(again.headers['retry-after']).toBe('60');
      // Someone else asking for the same address is not held back by the first client's request.
      expect((await resend('10.0.4.2', email)).statusCode).toBe(200);
      now = new Date(now.getTime() + minute);
      expect((await resend('10.0.4.1', email)).statusCode).toBe(200);
      await vi.waitFor(() => expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(4));
    } finally {
      await t.close();
    }
  });
});
