import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_RULE_TEXT } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post, requestPasswordReset, signUp } from '../../../test/auth-flows.ts';
import { appPerTest, type AppPerTest } from '../../../test/app-per-test.ts';
import { uniqueEmail } from '../../../test/harness.ts';
import { call, makeUser } from '../../../test/org-flows.ts';
import { users } from '../../db/schema/index.ts';
import { isCommonPassword, passwordPolicyError } from './password-policy.ts';

let t: AppPerTest['t'];
appPerTest((current) => ({ t } = current));

const COMMON = ['12345678', 'password', 'password1', 'Password1', 'PASSWORD', 'qwertyuiop', 'iloveyou'];
const EIGHT_SPACES = ' '.repeat(8);

describe('the password rule (ASVS 5.0 V6)', () => {
  it('refuses common and breached passwords whatever their case, and accepts an uncommon one', () => {
    for (const password of COMMON) {
      expect(isCommonPassword(password)).toBe(true);
      expect(passwordPolicyError(password)).toBe(AUTH_MESSAGES.passwordCommon);
    }
    expect(passwordPolicyError(PASSWORD)).toBeNull();
    expect(passwordPolicyError('Tr0ub4dor&3 but longer')).toBeNull();
  });

  it('counts code points, keeps spaces, and has no composition rules', () => {
    expect(passwordPolicyError('😀😀😀😀')).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(passwordPolicyError('😀😀😀😀😀😀😀😀')).toBeNull();
    expect(passwordPolicyError('😀'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordPolicyError('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(AUTH_MESSAGES.passwordTooLong);
    expect(passwordPolicyError(EIGHT_SPACES)).toBe(AUTH_MESSAGES.passwordBlank);
    expect(passwordPolicyError(' \t\n\u00a0 \u3000  ')).toBe(AUTH_MESSAGES.passwordBlank);
    expect(passwordPolicyError('all lowercase words here')).toBeNull();
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(PASSWORD_RULE_TEXT).toBe('At least 8 characters. Common passwords are not accepted.');
  });
});

describe('registration applies the rule', () => {
  it.each<[label: string, password: string, message: string]>([
    ...COMMON.map((password): [string, string, string] => [password, password, AUTH_MESSAGES.passwordCommon]),
    ['eight spaces', EIGHT_SPACES, AUTH_MESSAGES.passwordBlank],
    ['four emoji (8 UTF-16 units)', '😀😀😀😀', AUTH_MESSAGES.passwordTooShort],
    ['one character too many', 'x'.repeat(PASSWORD_MAX_LENGTH + 1), AUTH_MESSAGES.passwordTooLong],
    ['100,000 characters', 'x'.repeat(100_000), AUTH_MESSAGES.passwordTooLong],
  ])('refuses %s with 400 and creates no user', async (_label, password, message) => {
    const email = uniqueEmail('weak');
    const res = await post(t.app, '/auth/register', { username: email, email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(t.mailer.sent).toHaveLength(0);
    const again = await post(t.app, '/auth/register', { email, password: PASSWORD });
    expect(again.statusCode).toBe(201);
  });

  it('accepts 64 characters and 256 emoji, and keeps them as typed (no trimming, no truncation)', async () => {
    const padded = ` ${'p'.repeat(62)} `;
    const emoji = '🔑'.repeat(PASSWORD_MAX_LENGTH);
    for (const [password, altered] of [
      [padded, padded.trim()],
      [emoji, emoji.slice(0, -2)],
    ]) {
      const email = uniqueEmail('long');
      await signUp(t.app, t.mailer, email, password);
      const other = await post(t.app, '/auth/login', { username: email, password: altered });
      expect(other.statusCode).toBe(401);
    }
  });
});

describe('every other place a password is set applies the same rule', () => {
  it('complete-new-password: refuses a common one and the initial one, then accepts a new one', async () => {
    const email = uniqueEmail('first');
    const initial = 'initial-admin-secret';
    await signUp(t.app, t.mailer, email, initial);
    await t.database.db.update(users).set({ status: 'FORCE_CHANGE_PASSWORD' }).where(eq(users.email, email));
    const login = await post(t.app, '/auth/login', { username: email, password: initial });
    const { session } = login.json();
    const attempt = (new_password: string) =>
      post(t.app, '/auth/complete-new-password', { username: email, new_password, session });
    const common = await attempt('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(AUTH_MESSAGES.passwordCommon);
    const same = await attempt(initial);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(AUTH_MESSAGES.passwordSameAsInitial);
    expect((await attempt('a fresh admin secret')).statusCode).toBe(200);
  });

  it('invitation accept: refuses a common password for a new account', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    const invited = await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'system_admin' });
    expect(invited.statusCode).toBe(201);
    const token = t.mailer.sent.at(-1)!.text.match(/token=([\w-]+)/)![1];
    const weak = await post(t.app, '/auth/invites/accept', { token, name: 'Ada', password: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordCommon);
    const blank = await post(t.app, '/auth/invites/accept', { token, name: 'Ada', password: EIGHT_SPACES });
    expect(blank.statusCode).toBe(400);
    const ok = await post(t.app, '/auth/invites/accept', { token, name: 'Ada', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('confirm-email, confirm-forgot-password and change-password refuse a common password', async () => {
    const email = uniqueEmail('everywhere');
    await post(t.app, '/auth/register', { email, password: PASSWORD });
    const confirm = await post(t.app, '/auth/confirm-email', {
      username: email,
      confirmation_code: t.mailer.lastCodeFor(email),
      password: 'password',
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe(AUTH_MESSAGES.passwordCommon);

    const other = uniqueEmail('everywhere');
    const { access_token } = await signUp(t.app, t.mailer, other);
    const change = await post(
      t.app,
      '/auth/change-password',
      { current_password: PASSWORD, new_password: 'Password1' },
      bearer(access_token),
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(AUTH_MESSAGES.passwordCommon);

    const reset = await post(t.app, '/auth/confirm-forgot-password', {
      email: other,
      code: await requestPasswordReset(t.app, t.mailer, other),
      password: '123456789',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(AUTH_MESSAGES.passwordCommon);
  });
});
