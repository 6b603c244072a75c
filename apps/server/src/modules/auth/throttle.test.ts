import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { PASSWORD, signUp } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, RELAXED_THROTTLE, uniqueEmail } from '../../../test/harness.ts';
import { DEFAULT_AUTH_THROTTLE } from './throttle-rules.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const minute = 60_000;

async function appWith(rules: Partial<typeof DEFAULT_AUTH_THROTTLE>) {
  return createTestApp({ throttleRules: { ...RELAXED_THROTTLE, ...rules } }, database);
}

function from(ip: string, url: string, payload: object) {
  return { method: 'POST' as const, url: `/api/v1${url}`, payload, remoteAddress: ip };
}

describe('throttling', () => {
  it('keeps production limits on every unauthenticated auth action', () => {
    expect(DEFAULT_AUTH_THROTTLE.loginPerAccountIp.limit).toBeLessThanOrEqual(10);
    expect(DEFAULT_AUTH_THROTTLE.resendPerAccount).toEqual({ limit: 1, windowMs: minute });
    for (const rule of Object.values(DEFAULT_AUTH_THROTTLE)) expect(rule.limit).toBeGreaterThan(0);
  });

  it('answers 429 after too many failed logins for one account from one address, not from another', async () => {
    const t = await appWith({ loginPerAccountIp: { limit: 3, windowMs: minute } });
    try {
      const email = uniqueEmail();
      await signUp(t.app, t.mailer, email);
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject(
          from('10.0.0.1', '/auth/login', { username: email, password: 'wrong-pass' }),
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.app.inject(
        from('10.0.0.1', '/auth/login', { username: email, password: PASSWORD }),
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      // A stranger's failures elsewhere do not lock the owner out.
      const owner = await t.app.inject(
        from('10.0.0.2', '/auth/login', { username: email, password: PASSWORD }),
      );
      expect(owner.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('throttles failed logins per address across accounts', async () => {
    const t = await appWith({ loginPerIp: { limit: 2, windowMs: minute } });
    try {
      for (const n of [1, 2]) {
        const res = await t.app.inject(
          from('10.0.1.1', '/auth/login', { username: uniqueEmail(`x${n}`), password: 'nope-nope' }),
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await t.app.inject(
        from('10.0.1.1', '/auth/login', { username: uniqueEmail(), password: 'nope-nope' }),
      );
      expect(res.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('throttles registration per address and creates nothing when refused', async () => {
    const t = await appWith({ registerPerIp: { limit: 1, windowMs: minute } });
    try {
      const first = await t.app.inject(
        from('10.0.2.1', '/auth/register', { email: uniqueEmail(), password: PASSWORD }),
      );
      expect(first.statusCode).toBe(201);
      const email = uniqueEmail();
      const second = await t.app.inject(from('10.0.2.1', '/auth/register', { email, password: PASSWORD }));
      expect(second.statusCode).toBe(429);
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
        expect((await t.app.inject(from('10.0.3.1', '/auth/confirm-email', payload))).statusCode).toBe(404);
      expect((await t.app.inject(from('10.0.3.1', '/auth/confirm-email', payload))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('lets a code be resent once a minute per account', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const t = await createTestApp(
      {
        throttleRules: { ...RELAXED_THROTTLE, resendPerAccount: DEFAULT_AUTH_THROTTLE.resendPerAccount },
        now: () => now,
      },
      database,
    );
    try {
      const email = uniqueEmail();
      await t.app.inject(from('10.0.4.1', '/auth/register', { email, password: PASSWORD }));
      expect(
        (await t.app.inject(from('10.0.4.1', '/auth/resend-confirmation', { username: email }))).statusCode,
      ).toBe(200);
      const again = await t.app.inject(from('10.0.4.2', '/auth/resend-confirmation', { username: email }));
      expect(again.statusCode).toBe(429);
      now = new Date(now.getTime() + minute);
      expect(
        (await t.app.inject(from('10.0.4.1', '/auth/resend-confirmation', { username: email }))).statusCode,
      ).toBe(200);
      expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
