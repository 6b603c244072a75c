import { Writable } from 'node:stream';
import {
  AUTH_MESSAGES,
  RESET_GUESSES_PER_HOUR,
  RESET_LINK_LIFETIME_MINUTES,
  RESET_PASSWORD_PATH,
} from '@hivqe/contract';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, post } from '../../../test/auth-flows.ts';
import { appPerTest, type AppPerTest } from '../../../test/app-per-test.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { DEFAULT_MAIL_BUDGET } from '../mail-budget/rules.ts';
import { DEFAULT_AUTH_THROTTLE } from './throttle-rules.ts';

let t: AppPerTest['t'];
let database: AppPerTest['database'];
/** The app's clock: frozen unless a test moves it. */
let now: Date;
beforeEach(() => {
  now = new Date('2026-03-01T12:00:00Z');
});
appPerTest((current) => ({ t, database } = current), { now: () => now });

const minute = 60_000;
const NEW_PASSWORD = 'a passphrase from the link';
const VICTIM_IP = '192.0.2.7';
/** Ten client addresses of one attacker. */
const ATTACKER_IPS = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);

const from = (app: TestApp['app'], ip: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });
const login = (app: TestApp['app'], email: string, password: string) =>
  post(app, '/auth/login', { username: email, password });
const resetWithLink = (app: TestApp['app'], token: string, password = NEW_PASSWORD) =>
  post(app, '/auth/reset-password-with-link', { token, password });
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The token of the link in the newest reset mail to `email`, as its reader would open it. */
function latestLinkToken(app: TestApp, email: string): string {
  const mail = app.mailer.sent.findLast((sent) => sent.to === email && /reset code/.test(sent.subject));
  const link = mail?.text.match(/^(https?:\/\/\S+)$/m)?.[1];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  const url = new URL(link);
  expect(url.pathname).toBe(RESET_PASSWORD_PATH);
  return url.searchParams.get('token') ?? '';
}

/** Asks for a reset from `ip` and waits for the mail it causes (it leaves just after the answer). */
async function askFrom(app: TestApp, ip: string, email: string) {
  const before = app.mailer.sent.filter((mail) => mail.to === email).length;
  const res = await from(app.app, ip, '/auth/forgot-password', { email });
  if (res.statusCode === 200) {
    await vi.waitFor(
      () => expect(app.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(before + 1),
      {
        interval: 5,
      },
    );
  }
  return res;
}

/** The production limits and budgets, on the test's clock. */
function strictApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp(
    { throttleRules: DEFAULT_AUTH_THROTTLE, mailBudget: DEFAULT_MAIL_BUDGET, now: () => now, ...overrides },
    database,
  );
}

async function confirmedUser(app: TestApp, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await from(app.app, VICTIM_IP, '/auth/register', { email, password: PASSWORD });
  const confirmation = {
    username: email,
    confirmation_code: app.mailer.lastCodeFor(email),
    password: PASSWORD,
  };
  expect((await from(app.app, VICTIM_IP, '/auth/confirm-email', confirmation)).statusCode).toBe(200);
  // An hour later, so the sign-up's code no longer counts in the address's mail budget.
  now = new Date(now.getTime() + 61 * minute);
  return email;
}

describe('an attacker with many client addresses (issue 24, 3)', () => {
  it('gets at most 25 reset codes compared an hour per account; the rest answer 429 pointing to the link', async () => {
    const strict = await strictApp();
    try {
      const victim = await confirmedUser(strict, 'victim');
      // Each address asks for its own code, then guesses it wrong three times: 30 guesses in all.
      const codes = new Map<string, string>();
      for (const ip of ATTACKER_IPS) {
        expect((await askFrom(strict, ip, victim)).statusCode).toBe(200);
        codes.set(ip, strict.mailer.lastCodeFor(victim));
      }
      const answers: { status: number; message: string; retryAfter: string | undefined }[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const ip of ATTACKER_IPS) {
          const res = await from(strict.app, ip, '/auth/confirm-forgot-password', {
            email: victim,
            code: otherThan(codes.get(ip) ?? ''),
            password: 'attacker pass 1',
          });
          answers.push({
            status: res.statusCode,
            message: res.json().message,
            retryAfter: res.headers['retry-after'] as string | undefined,
          });
        }
      }
      const compared = answers.filter((answer) => answer.status === 400);
      expect(compared).toHaveLength(RESET_GUESSES_PER_HOUR);
      expect(compared.every((answer) => answer.message === AUTH_MESSAGES.codeInvalid)).toBe(true);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(30 - RESET_GUESSES_PER_HOUR);
      for (const answer of refused) {
        expect(answer.message).toMatch(/Use the link in your password reset email/);
        expect(Number(answer.retryAfter)).toBeGreaterThan(50 * 60);
      }
      // Even the right code waits now: the link is the way in.
      const right = await from(strict.app, ATTACKER_IPS[0], '/auth/confirm-forgot-password', {
        email: victim,
        code: codes.get(ATTACKER_IPS[0]) ?? '',
        password: 'attacker pass 1',
      });
      expect(right.statusCode).toBe(429);
      expect((await login(strict.app, victim, PASSWORD)).statusCode).toBe(200);

      // The window slides: an hour after the first guess, guesses are compared again.
      now = new Date(now.getTime() + 60 * minute + 1000);
      expect((await askFrom(strict, ATTACKER_IPS[0], victim)).statusCode).toBe(200);
      const later = await from(strict.app, ATTACKER_IPS[0], '/auth/confirm-forgot-password', {
        email: victim,
        code: otherThan(strict.mailer.lastCodeFor(victim)),
        password: 'attacker pass 1',
      });
      expect(later.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    } finally {
      await strict.close();
    }
  });

  it('compares no more than 25 of 40 guesses sent at once from ten addresses', async () => {
    const strict = await strictApp();
    try {
      const victim = await confirmedUser(strict, 'parallel');
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          from(strict.app, ATTACKER_IPS[i % ATTACKER_IPS.length], '/auth/confirm-forgot-password', {
            email: victim,
            code: String(100_000 + i),
            password: 'attacker pass 1',
          }),
        ),
      );
      const statuses = guesses.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(RESET_GUESSES_PER_HOUR);
      expect(statuses.filter((status) => status !== 400).every((status) => status === 429)).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('leaves the owner the link in the latest mail, within the minute, after every budget is spent', async () => {
    const strict = await strictApp();
    try {
      const victim = await confirmedUser(strict, 'burned');
      // The attacker spends the address's mail budget from ten addresses and the account's guesses.
      for (const ip of ATTACKER_IPS) expect((await askFrom(strict, ip, victim)).statusCode).toBe(200);
      for (let i = 0; i < RESET_GUESSES_PER_HOUR; i += 1) {
        const ip = ATTACKER_IPS[i % ATTACKER_IPS.length];
        await from(strict.app, ip, '/auth/confirm-forgot-password', {
          email: victim,
          code: String(200_000 + i),
          password: 'attacker pass 1',
        });
      }
      // The owner asks too: refused, and told the latest mail's link still works.
      const asked = await askFrom(strict, VICTIM_IP, victim);
      expect(asked.statusCode).toBe(429);
      expect(asked.json().message).toMatch(/The link in the latest one works for an hour/);
      // She opens the latest mail in her inbox (one the attacker caused) and resets within the same minute.
      now = new Date(now.getTime() + 30_000);
      const reset = await from(strict.app, VICTIM_IP, '/auth/reset-password-with-link', {
        token: latestLinkToken(strict, victim),
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
      expect((await login(strict.app, victim, NEW_PASSWORD)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('keeps every mailed link working when others ask for more mail, until one of them is used', async () => {
    const victim = await confirmedUser(t, 'older');
    await askFrom(t, VICTIM_IP, victim);
    const hers = latestLinkToken(t, victim);
    for (const ip of ATTACKER_IPS.slice(0, 3)) await askFrom(t, ip, victim);
    const attackersMail = latestLinkToken(t, victim);
    expect(attackersMail).not.toBe(hers);
    expect((await resetWithLink(t.app, hers)).statusCode).toBe(200);
    // One reset ends every link and code mailed before it.
    const stale = await resetWithLink(t.app, attackersMail, 'another passphrase here');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    const code = await from(t.app, ATTACKER_IPS[2], '/auth/confirm-forgot-password', {
      email: victim,
      code: t.mailer.lastCodeFor(victim),
      password: 'another passphrase here',
    });
    expect(code.statusCode).toBe(400);
    expect((await login(t.app, victim, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the reset link', () => {
  it('works once', async () => {
    const email = await confirmedUser(t, 'once');
    await askFrom(t, VICTIM_IP, email);
    const token = latestLinkToken(t, email);
    const [first, second] = await Promise.all([
      resetWithLink(t.app, token, 'first racing passphrase'),
      resetWithLink(t.app, token, 'second racing passphrase'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect((await resetWithLink(t.app, token)).json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('works for an hour from sending, not a second more', async () => {
    const email = await confirmedUser(t, 'hour');
    await askFrom(t, VICTIM_IP, email);
    const lastMinute = latestLinkToken(t, email);
    await askFrom(t, VICTIM_IP, email);
    const late = latestLinkToken(t, email);
    now = new Date(now.getTime() + RESET_LINK_LIFETIME_MINUTES * minute);
    expect((await resetWithLink(t.app, late)).statusCode).toBe(400);
    expect((await resetWithLink(t.app, lastMinute)).statusCode).toBe(400);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);

    await askFrom(t, VICTIM_IP, email);
    const fresh = latestLinkToken(t, email);
    now = new Date(now.getTime() + RESET_LINK_LIFETIME_MINUTES * minute - 1000);
    expect((await resetWithLink(t.app, fresh)).statusCode).toBe(200);
  });

  it('survives a password the policy refuses, ends every session when used, and is ended by a code', async () => {
    const email = await confirmedUser(t, 'policy');
    const session = (await login(t.app, email, PASSWORD)).json();
    await askFrom(t, VICTIM_IP, email);
    const token = latestLinkToken(t, email);
    const weak = await resetWithLink(t.app, token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordCommon);
    expect((await resetWithLink(t.app, token)).statusCode).toBe(200);
    expect((await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(
      401,
    );

    await askFrom(t, VICTIM_IP, email);
    const unused = latestLinkToken(t, email);
    const byCode = await from(t.app, VICTIM_IP, '/auth/confirm-forgot-password', {
      email,
      code: t.mailer.lastCodeFor(email),
      password: 'the code was faster',
    });
    expect(byCode.statusCode).toBe(200);
    expect((await resetWithLink(t.app, unused)).statusCode).toBe(400);
  });

  it('answers an unknown token like a used one, and refuses a malformed one with the same words', async () => {
    const unknown = await resetWithLink(t.app, 'A'.repeat(43));
    const malformed = await resetWithLink(t.app, 'not a token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(AUTH_MESSAGES.resetLinkInvalid);
  });

  it('never reaches the log: not from the mail, the console page it opens, nor the API call', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString('utf8');
        done();
      },
    });
    const logging = await createTestApp({ logger: pino({ level: 'trace' }, sink), now: () => now }, database);
    try {
      const email = await confirmedUser(logging, 'logged');
      await askFrom(logging, VICTIM_IP, email);
      const token = latestLinkToken(logging, email);
      const page = await logging.app.inject({ method: 'GET', url: `${RESET_PASSWORD_PATH}?token=${token}` });
      expect(page.statusCode).toBeLessThan(500);
      expect((await resetWithLink(logging.app, token)).statusCode).toBe(200);
      expect(logged).toContain(RESET_PASSWORD_PATH);
      expect(logged).toContain('/auth/reset-password-with-link');
      expect(logged).not.toContain(token);
    } finally {
      await logging.close();
    }
  });
});

describe('the same answers for known and unknown addresses', () => {
  it('closes the code route for an unknown address after as many guesses, with the same answer', async () => {
    const strict = await strictApp();
    try {
      const known = await confirmedUser(strict, 'known');
      const answersFor = async (email: string) => {
        const answers: string[] = [];
        for (let i = 0; i <= RESET_GUESSES_PER_HOUR; i += 1) {
          const res = await from(strict.app, ATTACKER_IPS[i % 10], '/auth/confirm-forgot-password', {
            email,
            code: String(300_000 + i),
            password: 'attacker pass 1',
          });
          answers.push(`${res.statusCode} ${res.headers['retry-after'] ?? ''} ${res.body}`);
        }
        return answers;
      };
      expect(await answersFor(uniqueEmail('nobody'))).toEqual(await answersFor(known));
    } finally {
      await strict.close();
    }
  });
});
