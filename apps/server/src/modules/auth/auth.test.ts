import { AUTH_MESSAGES, NEW_PASSWORD_REQUIRED } from '@hivqe/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, PASSWORD, post, signUp } from '../../../test/auth-flows.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';

let database: Database;
let t: TestApp;
/** Each test's own mail domain, so tests share one database without colliding. */
let d: string;
let n = 0;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  n += 1;
  d = `t${n}.example.com`;
  t = await createTestApp({}, database);
});
afterEach(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

describe('registration and confirmation', () => {
  it('registers an unconfirmed user and mails a 6-digit code', async () => {
    const res = await post(t.app, '/auth/register', {
      username: `a@${d}`,
      email: `A@${d}`,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0].to).toBe(`a@${d}`.toLowerCase());
    expect(t.mailer.lastCodeFor(`a@${d}`)).toMatch(/^\d{6}$/);
    const login = await post(t.app, '/auth/login', { username: `a@${d}`, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain(AUTH_MESSAGES.emailNotConfirmed);
  });

  it('answers a taken address exactly as a free one and mails its owner instead (issue 24, 6)', async () => {
    const fresh = await post(t.app, '/auth/register', { email: `b@${d}`, password: PASSWORD });
    const pending = await post(t.app, '/auth/register', { email: `b@${d}`, password: PASSWORD });
    expect(pending.statusCode).toBe(fresh.statusCode);
    expect(pending.body).toBe(fresh.body);
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([`b@${d}`, `b@${d}`]);
    await post(t.app, '/auth/confirm-email', {
      username: `b@${d}`,
      confirmation_code: t.mailer.lastCodeFor(`b@${d}`),
    });
    const confirmed = await post(t.app, '/auth/register', { email: `b@${d}`, password: PASSWORD });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.body).toBe(fresh.body);
    expect(confirmed.json()).toEqual({ message: AUTH_MESSAGES.registered });
    // The owner is told, with no code: nothing the registrant could use.
    const notice = t.mailer.sent.at(-1)!;
    expect(notice.to).toBe(`b@${d}`);
    expect(notice.text).toContain('already has one');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it('takes about as long for a taken address as for a free one, on register and resend (issue 24, 6)', async () => {
    await signUp(t.app, t.mailer, `taken@${d}`);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const timed = async (send: () => Promise<unknown>) => {
      const start = performance.now();
      await send();
      return performance.now() - start;
    };
    for (const [route, taken, free] of [
      [
        '/auth/register',
        () => ({ email: `taken@${d}`, password: PASSWORD }),
        (i: number) => ({ email: `free${i}@${d}`, password: PASSWORD }),
      ],
      [
        '/auth/resend-confirmation',
        () => ({ username: `taken@${d}` }),
        (i: number) => ({ username: `free-resend${i}@${d}` }),
      ],
    ] as const) {
      const takenTimes: number[] = [];
      const freeTimes: number[] = [];
      // Interleaved, so a slow moment of the machine falls on both.
      for (let i = 0; i < 7; i += 1) {
        takenTimes.push(await timed(() => post(t.app, route, taken())));
        freeTimes.push(await timed(() => post(t.app, route, free(i))));
      }
      const [a, b] = [median(takenTimes), median(freeTimes)];
      // Generous: the same work on both sides lands within noise; skipping the hash or the mail would not.
      expect(
        Math.max(a, b) / Math.min(a, b) < 3 || Math.abs(a - b) < 25,
        `${route}: ${a} ms vs ${b} ms`,
      ).toBe(true);
    }
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'Invalid email address'],
    [{ email: `c@${d}`, password: 'short' }, AUTH_MESSAGES.passwordTooShort],
    [{ email: `c@${d}` }, 'password'],
    [{ password: PASSWORD }, 'email'],
  ])('refuses bad registration %j and creates nothing', async (payload, message) => {
    const res = await post(t.app, '/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(t.mailer.sent).toHaveLength(0);
    const login = await post(t.app, '/auth/login', { username: `c@${d}`, password: PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it.each(['12345', '1234567', 'abcdef', ''])('refuses the malformed code %j', async (code) => {
    await post(t.app, '/auth/register', { email: `d@${d}`, password: PASSWORD });
    const res = await post(t.app, '/auth/confirm-email', { username: `d@${d}`, confirmation_code: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(AUTH_MESSAGES.codeFormat);
  });

  it('counts wrong codes and kills the code after 5 failures', async () => {
    await post(t.app, '/auth/register', { email: `e@${d}`, password: PASSWORD });
    const good = t.mailer.lastCodeFor(`e@${d}`);
    const bad = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/auth/confirm-email', { username: `e@${d}`, confirmation_code: bad });
      expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    }
    const late = await post(t.app, '/auth/confirm-email', { username: `e@${d}`, confirmation_code: good });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.codeAttempts);
  });

  it('makes a code single-use', async () => {
    await post(t.app, '/auth/register', { email: `f@${d}`, password: PASSWORD });
    const code = t.mailer.lastCodeFor(`f@${d}`);
    expect(
      (await post(t.app, '/auth/confirm-email', { username: `f@${d}`, confirmation_code: code })).statusCode,
    ).toBe(200);
    const reuse = await post(t.app, '/auth/confirm-email', { username: `f@${d}`, confirmation_code: code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(AUTH_MESSAGES.codeExpired);
  });

  it('resends a fresh code that replaces the old one', async () => {
    await post(t.app, '/auth/register', { email: `g@${d}`, password: PASSWORD });
    const first = t.mailer.lastCodeFor(`g@${d}`);
    const res = await post(t.app, '/auth/resend-confirmation', { username: `g@${d}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeSent);
    // The code is mailed just after the answer.
    await vi.waitFor(() => expect(t.mailer.sent).toHaveLength(2), { timeout: 5_000, interval: 5 });
    const second = t.mailer.lastCodeFor(`g@${d}`);
    if (first !== second) {
      const old = await post(t.app, '/auth/confirm-email', { username: `g@${d}`, confirmation_code: first });
      expect(old.json().message).toBe(AUTH_MESSAGES.codeInvalid);
    }
    const ok = await post(t.app, '/auth/confirm-email', { username: `g@${d}`, confirmation_code: second });
    expect(ok.statusCode).toBe(200);
  });

  it('answers resend and confirm alike for unknown, confirmed and pending addresses (issue 24, 6)', async () => {
    await signUp(t.app, t.mailer, `h@${d}`);
    await post(t.app, '/auth/register', { email: `i@${d}`, password: PASSWORD });
    const before = t.mailer.sent.length;
    const resend = (username: string) => post(t.app, '/auth/resend-confirmation', { username });
    const [unknown, confirmed, pending] = [
      await resend(`nobody@${d}`),
      await resend(`h@${d}`),
      await resend(`i@${d}`),
    ];
    for (const res of [unknown, confirmed, pending]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(pending.body);
    }
    expect(pending.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1), { timeout: 5_000, interval: 5 });
    expect(t.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([`i@${d}`]);

    const confirm = (username: string) =>
      post(t.app, '/auth/confirm-email', { username, confirmation_code: '123456' });
    const answers = [await confirm(`nobody@${d}`), await confirm(`h@${d}`)];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeExpired, code: 'invalid_code' });
    }
  });
});

describe('code expiry', () => {
  it('refuses a code after 10 minutes', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = await createTestApp({ now: () => now });
    try {
      await post(clocked.app, '/auth/register', { email: `i@${d}`, password: PASSWORD });
      const code = clocked.mailer.lastCodeFor(`i@${d}`);
      now = new Date(now.getTime() + 10 * 60_000 + 1000);
      const res = await post(clocked.app, '/auth/confirm-email', {
        username: `i@${d}`,
        confirmation_code: code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.codeExpired);
    } finally {
      await clocked.close();
    }
  });
});

describe('login, session and refresh', () => {
  it('logs in with the e-mail and answers the login response', async () => {
    const login = await signUp(t.app, t.mailer, `j@${d}`);
    expect(login).toMatchObject({
      challenge_name: null,
      session: null,
      expires_in: 900,
      user_email: `j@${d}`,
    });
    const me = await get('/auth/me', login.access_token);
    expect(me.json()).toEqual({ is_authenticated: true, username: login.user_username, email: `j@${d}` });
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    await signUp(t.app, t.mailer, `k@${d}`);
    const wrong = await post(t.app, '/auth/login', { username: `k@${d}`, password: 'wrong password' });
    const unknown = await post(t.app, '/auth/login', { username: `zz@${d}`, password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it.each([{}, { username: `k@${d}` }, { password: 'x' }, { username: '', password: 'x' }])(
    'refuses the login payload %j',
    async (payload) => {
      expect((await post(t.app, '/auth/login', payload)).statusCode).toBe(400);
    },
  );

  // Reuse detection and its grace for concurrent tabs: refresh-grace.test.ts.
  it('rotates refresh tokens', async () => {
    const login = await signUp(t.app, t.mailer, `l@${d}`);
    const first = await post(t.app, '/auth/refresh', { refresh_token: login.refresh_token, email: `l@${d}` });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(login.refresh_token);
    expect((await get('/auth/me', rotated.access_token)).statusCode).toBe(200);
  });

  it('refuses a refresh for another e-mail and an unknown token', async () => {
    const login = await signUp(t.app, t.mailer, `n@${d}`);
    expect(
      (await post(t.app, '/auth/refresh', { refresh_token: login.refresh_token, email: `o@${d}` }))
        .statusCode,
    ).toBe(401);
    expect((await post(t.app, '/auth/refresh', { refresh_token: 'nope' })).statusCode).toBe(401);
    expect((await post(t.app, '/auth/refresh', {})).statusCode).toBe(400);
  });

  it('logs out: the session is gone for both tokens', async () => {
    const login = await signUp(t.app, t.mailer, `p@${d}`);
    const out = await post(t.app, '/auth/logout', undefined, bearer(login.access_token));
    expect(out.statusCode).toBe(200);
    expect((await get('/auth/me', login.access_token)).statusCode).toBe(401);
    expect((await post(t.app, '/auth/refresh', { refresh_token: login.refresh_token })).statusCode).toBe(401);
  });

  it('guards every signed-in route', async () => {
    for (const url of ['/auth/me', '/auth/me/permissions', '/auth/history', '/auth/me/profile']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(AUTH_MESSAGES.authRequired);
      expect((await get(url, 'garbage')).statusCode).toBe(401);
    }
    expect((await post(t.app, '/auth/logout')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me' })).statusCode).toBe(401);
  });
});

describe('bootstrap administrator and the new-password challenge', () => {
  it('creates the admin only on an empty database', async () => {
    const fresh = await createTestApp();
    try {
      expect(await fresh.auth.bootstrapAdmin(`root@${d}`, 'initial-pass')).toBe(true);
      expect(await fresh.auth.bootstrapAdmin(`other@${d}`, 'initial-pass')).toBe(false);
      const other = await post(fresh.app, '/auth/login', {
        username: `other@${d}`,
        password: 'initial-pass',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('walks NEW_PASSWORD_REQUIRED to a session with system_admin', async () => {
    const fresh = await createTestApp();
    const app = fresh.app;
    try {
      await fresh.auth.bootstrapAdmin(`root@${d}`, 'initial-pass');
      const login = await post(app, '/auth/login', { username: `root@${d}`, password: 'initial-pass' });
      const body = login.json();
      expect(body).toMatchObject({
        challenge_name: NEW_PASSWORD_REQUIRED,
        access_token: null,
        user_email: `root@${d}`,
      });
      expect(body.session).toEqual(expect.any(String));
      const attempt = (new_password: string, session: string) =>
        post(app, '/auth/complete-new-password', { username: `root@${d}`, new_password, session });

      expect((await attempt('short', body.session)).statusCode).toBe(400);
      expect((await attempt('brand-new-pass', 'forged')).statusCode).toBe(401);
      const done = await attempt('brand-new-pass', body.session);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ user_email: `root@${d}`, expires_in: 900 });
      const perms = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me/permissions',
        headers: bearer(done.json().access_token),
      });
      expect(perms.json().groups).toContain('system_admin');
      // The challenge session is spent once the password is set.
      expect((await attempt('another-pass-1', body.session)).statusCode).toBe(401);
      expect(
        (await post(app, '/auth/login', { username: `root@${d}`, password: 'initial-pass' })).statusCode,
      ).toBe(401);
      const fresh2 = await post(app, '/auth/login', { username: `root@${d}`, password: 'brand-new-pass' });
      expect(fresh2.json().challenge_name).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('permissions, profile and history', () => {
  it('gives a plain user the user group only', async () => {
    const login = await signUp(t.app, t.mailer, `q@${d}`);
    expect((await get('/auth/me/permissions', login.access_token)).json()).toEqual({
      permissions: [],
      groups: ['user'],
    });
  });

  it('reads and updates the profile, sending only given fields', async () => {
    const login = await signUp(t.app, t.mailer, `r@${d}`);
    const profile = (await get('/auth/me/profile', login.access_token)).json();
    expect(profile).toEqual({
      email: `r@${d}`,
      email_verified: true,
      name: null,
      phone_number: null,
      user_id: `r@${d}`,
      username: login.user_username,
    });
    const named = await post(
      t.app,
      '/auth/me/profile',
      { name: '  Ada Lovelace ' },
      bearer(login.access_token),
    );
    expect(named.json()).toMatchObject({ name: 'Ada Lovelace', phone_number: null });
    const phoned = await post(
      t.app,
      '/auth/me/profile',
      { phone_number: '+44 20 7946 0000' },
      bearer(login.access_token),
    );
    expect(phoned.json()).toMatchObject({ name: 'Ada Lovelace', phone_number: '+44 20 7946 0000' });
    const cleared = await post(t.app, '/auth/me/profile', { name: '   ' }, bearer(login.access_token));
    expect(cleared.json().name).toBeNull();
  });

  it.each([{ name: 'x'.repeat(101) }, { phone_number: '1'.repeat(21) }, { email: 'x@y.io' }])(
    'refuses the profile update %j and changes nothing',
    async (payload) => {
      const login = await signUp(t.app, t.mailer, `s@${d}`);
      const res = await post(t.app, '/auth/me/profile', payload, bearer(login.access_token));
      expect(res.statusCode).toBe(400);
      expect((await get('/auth/me/profile', login.access_token)).json()).toMatchObject({
        name: null,
        phone_number: null,
      });
    },
  );

  it('records logins, failures, refreshes and logouts in the history, newest first, paged', async () => {
    const login = await signUp(t.app, t.mailer, `u@${d}`);
    await post(
      t.app,
      '/auth/login',
      { username: `u@${d}`, password: 'wrong-password' },
      { 'user-agent': 'probe/1' },
    );
    const refreshed = (await post(t.app, '/auth/refresh', { refresh_token: login.refresh_token })).json();
    const page1 = (await get('/auth/history?limit=2&page=1', refreshed.access_token)).json();
    expect(page1.current_page).toBe(1);
    expect(page1.events).toHaveLength(2);
    expect(page1.events[0]).toMatchObject({ event_type: 'REFRESH', success: true, ip_address: '127.0.0.1' });
    expect(page1.events[1]).toMatchObject({ event_type: 'LOGIN', success: false, user_agent: 'probe/1' });
    const all = (await get('/auth/history', refreshed.access_token)).json();
    expect(all.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'REFRESH',
      'LOGIN',
      'LOGIN',
      'CONFIRM_EMAIL',
      'SIGN_UP',
    ]);
    expect((await get('/auth/history?limit=0', refreshed.access_token)).statusCode).toBe(400);
    expect((await get('/auth/history?page=abc', refreshed.access_token)).statusCode).toBe(400);
  });
});

describe('account deletion', () => {
  it('needs a re-auth token, then removes the user and every session', async () => {
    const login = await signUp(t.app, t.mailer, `v@${d}`);
    const auth = bearer(login.access_token);
    const noToken = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me', headers: auth });
    expect(noToken.statusCode).toBe(403);
    const wrong = await post(
      t.app,
      '/auth/re-authenticate',
      { email: `v@${d}`, password: 'bad-password' },
      auth,
    );
    expect(wrong.statusCode).toBe(401);
    const reauth = await post(t.app, '/auth/re-authenticate', { email: `v@${d}`, password: PASSWORD }, auth);
    expect(reauth.statusCode).toBe(200);
    // An access token is not a re-auth token.
    const swapped = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...auth, 'x-reauth-token': login.access_token },
    });
    expect(swapped.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...auth, 'x-reauth-token': reauth.json().reauth_token },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/auth/me', login.access_token)).statusCode).toBe(401);
    expect((await post(t.app, '/auth/refresh', { refresh_token: login.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/auth/login', { username: `v@${d}`, password: PASSWORD })).statusCode).toBe(
      401,
    );
    // The address is free again: signing up anew works.
    expect((await post(t.app, '/auth/register', { email: `v@${d}`, password: PASSWORD })).statusCode).toBe(
      201,
    );
  });

  it("refuses another user's re-auth token", async () => {
    const a = await signUp(t.app, t.mailer, `w1@${d}`);
    const b = await signUp(t.app, t.mailer, `w2@${d}`);
    const reauthB = (
      await post(
        t.app,
        '/auth/re-authenticate',
        { email: `w2@${d}`, password: PASSWORD },
        bearer(b.access_token),
      )
    ).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...bearer(a.access_token), 'x-reauth-token': reauthB.reauth_token },
    });
    expect(res.statusCode).toBe(403);
    const crossed = await post(
      t.app,
      '/auth/re-authenticate',
      { email: `w2@${d}`, password: PASSWORD },
      bearer(a.access_token),
    );
    expect(crossed.statusCode).toBe(401);
  });
});
