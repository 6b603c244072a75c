import { AUTH_MESSAGES } from '@hivqe/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { post, requestPasswordReset } from '../../../test/auth-flows.ts';
import { appPerTest, type AppPerTest } from '../../../test/app-per-test.ts';
import { createTestApp, uniqueEmail } from '../../../test/harness.ts';
import { call, makeUser } from '../../../test/org-flows.ts';
import { confirmationCodes, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';

let t: AppPerTest['t'];
let database: AppPerTest['database'];
appPerTest((current) => ({ t, database } = current));

const ATTACKER = 'attacker chosen secret';
const VICTIM = 'victims own passphrase';
const register = (email: string, password: string) => post(t.app, '/auth/register', { email, password });
const login = (email: string, password: string) => post(t.app, '/auth/login', { username: email, password });
/** The victim reads the code in her mailbox and confirms, with the spec's fields and optionally a password. */
const confirm = (email: string, password?: string) =>
  post(t.app, '/auth/confirm-email', {
    username: email,
    confirmation_code: t.mailer.lastCodeFor(email),
    ...(password === undefined ? {} : { password }),
  });

async function usersNamed(email: string) {
  return database.db.select().from(users).where(eq(users.email, email));
}

describe('an address registered by someone else first belongs to whoever controls the mailbox', () => {
  it('the victim confirms with her own password: the attacker’s password never signs in', async () => {
    const email = uniqueEmail('victim');
    expect((await register(email, ATTACKER)).statusCode).toBe(201);
    const confirmed = await confirm(email, VICTIM);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: AUTH_MESSAGES.confirmed });
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
  });

  it('confirming with only the spec’s fields leaves the account closed until a password reset by mail', async () => {
    const email = uniqueEmail('victim');
    await register(email, ATTACKER);
    const confirmed = await confirm(email);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: AUTH_MESSAGES.confirmedNeedsPassword });

    const attacker = await login(email, ATTACKER);
    expect(attacker.statusCode).toBe(403);
    expect(attacker.json().message).toBe(AUTH_MESSAGES.passwordResetRequired);

    const reset = await post(t.app, '/auth/confirm-forgot-password', {
      email,
      code: await requestPasswordReset(t.app, t.mailer, email),
      password: VICTIM,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
  });

  it('a second registration of a pending address answers as the first, mails a code and replaces nothing', async () => {
    const email = uniqueEmail('victim');
    const first = await register(email, ATTACKER);
    const [before] = await usersNamed(email);
    const mailed = t.mailer.sent.length;
    const second = await register(email, VICTIM);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const [after] = await usersNamed(email);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(t.mailer.sent.length).toBe(mailed + 1);

    // The victim asks for a new code and confirms with her password.
    expect((await post(t.app, '/auth/resend-confirmation', { username: email })).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(mailed + 2), { timeout: 5_000, interval: 5 });
    expect((await confirm(email, VICTIM)).statusCode).toBe(200);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
  });

  it('registering after the owner confirmed answers as for a free address and her password stays', async () => {
    const email = uniqueEmail('owner');
    await register(email, VICTIM);
    await confirm(email, VICTIM);
    const late = await register(email, ATTACKER);
    expect(late.statusCode).toBe(201);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.registered });
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
  });

  it('a common password sent with the code is refused before the code is used', async () => {
    const email = uniqueEmail('weak');
    await register(email, ATTACKER);
    const weak = await confirm(email, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordCommon);
    expect((await confirm(email, VICTIM)).statusCode).toBe(200);
  });

  it('an invitation (which proves the mailbox) lets the owner set the password of a closed account', async () => {
    const email = uniqueEmail('invited');
    await register(email, ATTACKER);
    await confirm(email);
    const admin = await makeUser(t, { admin: true });
    const invited = await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'system_admin' });
    expect(invited.statusCode).toBe(201);
    const token = t.mailer.sent.at(-1)!.text.match(/token=([\w-]+)/)![1];
    const accepted = await post(t.app, '/auth/invites/accept', { token, name: 'Victoria', password: VICTIM });
    expect(accepted.statusCode).toBe(200);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
  });
});

describe('registration is atomic: a failure leaves no user without a code', () => {
  it('two concurrent registrations of one address: one user, one code, and two 201s (not a 500)', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all([register(email, ATTACKER), register(email, VICTIM)]);
    expect(results.map((res) => res.statusCode)).toEqual([201, 201]);
    const rows = await usersNamed(email);
    expect(rows).toHaveLength(1);
    const codes = await database.db
      .select()
      .from(confirmationCodes)
      .where(eq(confirmationCodes.userId, rows[0].id));
    expect(codes).toHaveLength(1);
  });

  it('a mail that cannot be sent leaves no user, and the address free to register again', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('smtp down');
      },
    };
    const broken = await createTestApp({ mailer: failing }, database);
    const email = uniqueEmail('nomail');
    try {
      const res = await post(broken.app, '/auth/register', { email, password: VICTIM });
      expect(res.statusCode).toBe(500);
    } finally {
      await broken.close();
    }
    expect(await usersNamed(email)).toEqual([]);
    expect((await register(email, VICTIM)).statusCode).toBe(201);
    expect((await confirm(email, VICTIM)).statusCode).toBe(200);
  });

  it('a code that cannot be stored leaves no user', async () => {
    const email = uniqueEmail('nocode');
    await database.db.execute(sql`ALTER TABLE confirmation_codes RENAME TO confirmation_codes_gone`);
    try {
      expect((await register(email, VICTIM)).statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`ALTER TABLE confirmation_codes_gone RENAME TO confirmation_codes`);
    }
    expect(await usersNamed(email)).toEqual([]);
    expect((await register(email, VICTIM)).statusCode).toBe(201);
  });
});
