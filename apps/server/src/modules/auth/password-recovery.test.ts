import { AUTH_MESSAGES, resetMailsExhaustedMessage } from '@hivqe/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, PASSWORD, post, requestPasswordReset, signUp } from '../../../test/auth-flows.ts';
import { appPerTest, type AppPerTest } from '../../../test/app-per-test.ts';
import { createTestApp, uniqueEmail } from '../../../test/harness.ts';
import type { Mail, Mailer } from '../../providers/mail/mailer.ts';
import { DEFAULT_MAIL_BUDGET } from '../mail-budget/rules.ts';
import { DEFAULT_AUTH_THROTTLE, DEFAULT_SIGN_IN_BACKOFF } from './throttle-rules.ts';

let t: AppPerTest['t'];
let database: AppPerTest['database'];
/** The app's clock: frozen unless a test moves it, so back-off and expiry depend on no real time. */
let now: Date;
beforeEach(() => {
  now = new Date('2026-03-01T12:00:00Z');
});
appPerTest((current) => ({ t, database } = current), { now: () => now });

const NEW_PASSWORD = 'a brand new passphrase';
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const forgot = (email: string) => post(t.app, '/auth/forgot-password', { email });
const resetCode = (email: string) => requestPasswordReset(t.app, t.mailer, email);
const reset = (email: string, code: string, password = NEW_PASSWORD) =>
  post(t.app, '/auth/confirm-forgot-password', { email, code, password });
const login = (email: string, password: string) => post(t.app, '/auth/login', { username: email, password });
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function historyOf(token: string): Promise<string[]> {
  const res = await get('/auth/history?limit=100', token);
  return res.json().events.map((event: { event_type: string; success: boolean }) => {
    return `${event.event_type}:${event.success}`;
  });
}

describe('forgot password', () => {
  it('answers the same status and body for a known and an unknown address; only the known one gets mail', async () => {
    const known = uniqueEmail('known');
    await signUp(t.app, t.mailer, known);
    const before = t.mailer.sent.length;
    const forUnknown = await forgot(uniqueEmail('nobody'));
    const forKnown = await forgot(known);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    // The code is mailed just after the answer; by the time it has left, nothing went to the unknown one.
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1), { timeout: 5_000, interval: 5 });
    expect(t.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([known]);
    expect(t.mailer.lastCodeFor(known)).toMatch(/^\d{6}$/);
  });

  it('sets the password from exactly {email, code, password} and signs out every session', async () => {
    const email = uniqueEmail('reset');
    const first = await signUp(t.app, t.mailer, email);
    const second = (await login(email, PASSWORD)).json();
    const res = await reset(email, await resetCode(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    for (const session of [first, second]) {
      expect((await get('/auth/me', session.access_token)).statusCode).toBe(401);
      const refresh = await post(t.app, '/auth/refresh', { refresh_token: session.refresh_token });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(await historyOf(signedIn.json().access_token)).toEqual(
      expect.arrayContaining(['FORGOT_PASSWORD:true', 'RESET_PASSWORD:true']),
    );
  });

  it('confirms the address of an account that never confirmed it: the code proves the mailbox', async () => {
    const email = uniqueEmail('unconfirmed');
    await post(t.app, '/auth/register', { email, password: PASSWORD });
    expect((await reset(email, await resetCode(email))).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps reset codes and confirmation codes apart', async () => {
    const email = uniqueEmail('apart');
    await post(t.app, '/auth/register', { email, password: PASSWORD });
    const confirmationCode = t.mailer.lastCodeFor(email);
    const asReset = await reset(email, confirmationCode);
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json().message).toBe(AUTH_MESSAGES.codeExpired);

    const codeForReset = await resetCode(email);
    const asConfirmation = await post(t.app, '/auth/confirm-email', {
      username: email,
      confirmation_code: codeForReset,
      password: NEW_PASSWORD,
    });
    expect(asConfirmation.statusCode).toBe(400);
    // Each code still works for its own purpose.
    expect(
      (
        await post(t.app, '/auth/confirm-email', {
          username: email,
          confirmation_code: confirmationCode,
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await reset(email, codeForReset)).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes', async () => {
    const email = uniqueEmail('late');
    await signUp(t.app, t.mailer, email);
    const code = await resetCode(email);
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    const res = await reset(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeExpired);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('allows 5 tries, then refuses even the right code; and a code works once', async () => {
    const email = uniqueEmail('tries');
    await signUp(t.app, t.mailer, email);
    const code = await resetCode(email);
    for (let i = 0; i < 5; i += 1) {
      expect((await reset(email, otherThan(code))).json().message).toBe(AUTH_MESSAGES.codeInvalid);
    }
    expect((await reset(email, code)).json().message).toBe(AUTH_MESSAGES.codeAttempts);

    now = new Date(now.getTime() + 2 * 60_000);
    const fresh = await resetCode(email);
    expect((await reset(email, fresh)).statusCode).toBe(200);
    const again = await reset(email, fresh, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent resets with the same code win', async () => {
    const email = uniqueEmail('race');
    await signUp(t.app, t.mailer, email);
    const code = await resetCode(email);
    const results = await Promise.all([
      reset(email, code, 'first racing passphrase'),
      reset(email, code, 'second racing passphrase'),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'first' : 'second';
    const loser = winner === 'first' ? 'second' : 'first';
    expect((await login(email, `${winner} racing passphrase`)).statusCode).toBe(200);
    expect((await login(email, `${loser} racing passphrase`)).statusCode).toBe(401);
  });

  it('compares no more than 5 guesses even when they arrive at once', async () => {
    const email = uniqueEmail('parallel');
    await signUp(t.app, t.mailer, email);
    const code = await resetCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => reset(email, otherThan(String((Number(code) + i) % 1e6)))),
    );
    const messages = guesses.map((res) => res.json().message);
    expect(messages.filter((m) => m === AUTH_MESSAGES.codeInvalid)).toHaveLength(5);
    expect(messages.filter((m) => m === AUTH_MESSAGES.codeAttempts)).toHaveLength(7);
    expect((await reset(email, code)).json().message).toBe(AUTH_MESSAGES.codeAttempts);
  });

  it('answers a code for an unknown address exactly as for an account with no code pending', async () => {
    const known = uniqueEmail('idle');
    await signUp(t.app, t.mailer, known);
    const forKnown = await reset(known, '123456');
    const forUnknown = await reset(uniqueEmail('ghost'), '123456');
    expect(forKnown.statusCode).toBe(400);
    expect(forUnknown.statusCode).toBe(400);
    expect(forKnown.body).toBe(forUnknown.body);
  });

  it('throttles repeated requests for one address alike whether it has an account or not', async () => {
    const strict = await createTestApp({ throttleRules: DEFAULT_AUTH_THROTTLE, now: () => now }, database);
    try {
      const known = uniqueEmail('known');
      await strict.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: known, password: PASSWORD },
      });
      for (const email of [known, uniqueEmail('nobody')]) {
        const ask = () => post(strict.app, '/auth/forgot-password', { email });
        expect((await ask()).statusCode).toBe(200);
        const again = await ask();
        expect(again.statusCode).toBe(429);
        expect(again.json().message).toMatch(/Too many requests/);
      }
    } finally {
      await strict.close();
    }
  });

  it('answers 200 even when the mail cannot be sent, and keeps the old password', async () => {
    const email = uniqueEmail('nomail');
    await signUp(t.app, t.mailer, email);
    const failing: Mailer = {
      send: async (_mail: Mail) => {
        throw new Error('smtp down');
      },
    };
    const broken = await createTestApp({ mailer: failing, now: () => now }, database);
    try {
      const res = await post(broken.app, '/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    } finally {
      await broken.close();
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['no email', '/auth/forgot-password', {}, 'email'],
    ['a huge email', '/auth/forgot-password', { email: `${'a'.repeat(100_000)}@x.com` }, 'email'],
    ['an email with a NUL', '/auth/forgot-password', { email: 'a\u0000b@example.com' }, 'email'],
    ['no code', '/auth/confirm-forgot-password', { email: 'a@example.com', password: NEW_PASSWORD }, 'code'],
    [
      'a 7-digit code',
      '/auth/confirm-forgot-password',
      { email: 'a@example.com', code: '1234567', password: NEW_PASSWORD },
      AUTH_MESSAGES.codeFormat,
    ],
    [
      'a code with a control character',
      '/auth/confirm-forgot-password',
      { email: 'a@example.com', code: '12345\u0007', password: NEW_PASSWORD },
      'code',
    ],
    [
      'a huge password',
      '/auth/confirm-forgot-password',
      { email: 'a@example.com', code: '123456', password: 'p'.repeat(100_000) },
      AUTH_MESSAGES.passwordTooLong,
    ],
  ])('refuses %s with a 400 naming the field', async (_label, url, payload, named) => {
    const res = await post(t.app, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(named);
  });
});

describe('recovery under attack (issue 24, 3)', () => {
  const ATTACKER_IP = '203.0.113.66';
  const VICTIM_IP = '192.0.2.7';
  const from = (app: typeof t.app, ip: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });

  it('an attacker burning every code they can get never keeps the owner from recovering at once', async () => {
    // The production limits and budgets, on the test's clock.
    const strict = await createTestApp(
      { throttleRules: DEFAULT_AUTH_THROTTLE, mailBudget: DEFAULT_MAIL_BUDGET, now: () => now },
      database,
    );
    const minute = 60_000;
    try {
      const victim = uniqueEmail('victim');
      await from(strict.app, VICTIM_IP, '/auth/register', { email: victim, password: PASSWORD });
      const code = strict.mailer.lastCodeFor(victim);
      const confirmation = { username: victim, confirmation_code: code, password: PASSWORD };
      expect((await from(strict.app, VICTIM_IP, '/auth/confirm-email', confirmation)).statusCode).toBe(200);
      const mailsTo = () => strict.mailer.sent.filter((mail) => mail.to === victim);
      const askFrom = async (ip: string) => {
        const before = mailsTo().length;
        const res = await from(strict.app, ip, '/auth/forgot-password', { email: victim });
        if (res.statusCode === 200)
          await vi.waitFor(() => expect(mailsTo()).toHaveLength(before + 1), { interval: 5 });
        return res;
      };
      const guessFrom = (ip: string, code: string) =>
        from(strict.app, ip, '/auth/confirm-forgot-password', {
          email: victim,
          code,
          password: 'attacker pass 1',
        });

      // From one address: as many codes as it may ask for, each guessed wrong until its tries are spent.
      let guesses = 0;
      for (let round = 0; round < DEFAULT_MAIL_BUDGET.codesPerRecipientFromIp.limit; round += 1) {
        expect((await askFrom(ATTACKER_IP)).statusCode).toBe(200);
        const mailed = strict.mailer.lastCodeFor(victim);
        for (let i = 0; i < 5; i += 1) {
          const res = await guessFrom(ATTACKER_IP, otherThan(mailed));
          expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
          guesses += 1;
        }
        now = new Date(now.getTime() + minute);
      }
      // The ceiling: 25 guesses, then no more codes this hour, and no code compared for the account.
      expect(guesses).toBe(25);
      const refused = await askFrom(ATTACKER_IP);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50 * 60);
      expect((await guessFrom(ATTACKER_IP, '123456')).statusCode).toBe(429);

      // A quarter of an hour later the owner asks from her own address and gets a mail at once. Its code
      // waits for the account's ceiling, but its link does not.
      now = new Date(now.getTime() + 15 * minute);
      expect((await askFrom(VICTIM_IP)).statusCode).toBe(200);
      const hers = mailsTo().at(-1)?.text ?? '';
      const byCode = await from(strict.app, VICTIM_IP, '/auth/confirm-forgot-password', {
        email: victim,
        code: strict.mailer.lastCodeFor(victim),
        password: NEW_PASSWORD,
      });
      expect(byCode.statusCode).toBe(429);
      const token = new URL(hers.match(/^(http\S+)$/m)?.[1] ?? 'x:').searchParams.get('token');
      const reset = await from(strict.app, VICTIM_IP, '/auth/reset-password-with-link', {
        token,
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      expect(
        (await post(strict.app, '/auth/login', { username: victim, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('bounds the codes one address receives, however many clients ask', async () => {
    const strict = await createTestApp({ mailBudget: DEFAULT_MAIL_BUDGET, now: () => now }, database);
    try {
      const email = uniqueEmail('flooded');
      const { limit } = DEFAULT_MAIL_BUDGET.codesPerRecipient;
      for (let i = 0; i < limit; i += 1) {
        expect(
          (await from(strict.app, `198.51.100.${i + 1}`, '/auth/forgot-password', { email })).statusCode,
        ).toBe(200);
      }
      const over = await from(strict.app, '198.51.100.200', '/auth/forgot-password', { email });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe('3600');
      expect(over.json().message).toBe(resetMailsExhaustedMessage(3600));
      now = new Date(now.getTime() + 60 * 60_000);
      expect((await from(strict.app, '198.51.100.200', '/auth/forgot-password', { email })).statusCode).toBe(
        200,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('change password', () => {
  const change = (token: string, body: object) => post(t.app, '/auth/change-password', body, bearer(token));

  it('needs a Bearer token, and says so before looking at the body', async () => {
    const anonymous = await post(t.app, '/auth/change-password', { current_password: 1 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.authRequired);
  });

  it('changes it from exactly {current_password, new_password}, keeps this session, ends the others', async () => {
    const email = uniqueEmail('change');
    const here = await signUp(t.app, t.mailer, email);
    const elsewhere = (await login(email, PASSWORD)).json();
    const res = await change(here.access_token, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.passwordChanged });

    expect((await get('/auth/me', here.access_token)).statusCode).toBe(200);
    expect((await post(t.app, '/auth/refresh', { refresh_token: here.refresh_token })).statusCode).toBe(200);
    expect((await get('/auth/me', elsewhere.access_token)).statusCode).toBe(401);
    expect((await post(t.app, '/auth/refresh', { refresh_token: elsewhere.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await historyOf(here.access_token)).toContain('CHANGE_PASSWORD:true');
  });

  it('refuses a wrong current password and counts it like a failed sign-in', async () => {
    const email = uniqueEmail('wrong');
    const { access_token } = await signUp(t.app, t.mailer, email);
    const wrong = { current_password: 'not my password', new_password: NEW_PASSWORD };
    const first = await change(access_token, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    for (let i = 1; i < DEFAULT_SIGN_IN_BACKOFF.freeFailures; i += 1) {
      expect((await change(access_token, wrong)).statusCode).toBe(400);
    }
    // The account's back-off now holds, for sign-in too (from a browser with no device cookie).
    expect((await change(access_token, wrong)).statusCode).toBe(429);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
    expect(await historyOf(access_token)).toContain('CHANGE_PASSWORD:false');
  });

  it('refuses the current password as the new one', async () => {
    const { access_token } = await signUp(t.app, t.mailer, uniqueEmail('same'));
    const res = await change(access_token, { current_password: PASSWORD, new_password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordSameAsCurrent);
  });
});
