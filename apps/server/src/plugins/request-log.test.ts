import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, post, requestPasswordReset } from '../../test/auth-flows.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { call, makeUser } from '../../test/org-flows.ts';
import { loggableUrl, REDACTED } from './request-log.ts';

let t: TestApp;
let logged = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString('utf8');
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => t.close());

describe('loggableUrl', () => {
  it.each([
    ['/api/v1/health', '/api/v1/health'],
    ['/invite/accept?token=abc.def', `/invite/accept?token=${REDACTED}`],
    ['/login?source=marketplace&mapping_id=m-1', `/login?source=${REDACTED}&mapping_id=${REDACTED}`],
    ['/x?', '/x'],
  ])('keeps %s as %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe('the access log (issue 24, 4)', () => {
  it('holds no token, code or password of a flow that handles them all', async () => {
    const secrets: string[] = [];
    // Sign-up with a mailed code.
    const email = uniqueEmail('logged');
    expect((await post(t.app, '/auth/register', { email, password: PASSWORD })).statusCode).toBe(201);
    const confirmation = t.mailer.lastCodeFor(email);
    secrets.push(confirmation, PASSWORD);
    const confirmed = await post(t.app, '/auth/confirm-email', {
      username: email,
      confirmation_code: confirmation,
      password: PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
    // A password reset.
    const resetCode = await requestPasswordReset(t.app, t.mailer, email);
    const newPassword = 'a password only the log test knows';
    secrets.push(resetCode, newPassword);
    expect(
      (await post(t.app, '/auth/confirm-forgot-password', { email, code: resetCode, password: newPassword }))
        .statusCode,
    ).toBe(200);
    const login = await post(t.app, '/auth/login', { username: email, password: newPassword });
    secrets.push(login.json().access_token, login.json().refresh_token);
    // An invitation opened from its mailed link, looked up and accepted.
    const admin = await makeUser(t, { admin: true });
    secrets.push(admin.token);
    const invitee = uniqueEmail('invitee');
    const invited = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: invitee,
      role: 'organization_member',
    });
    expect(invited.statusCode).toBe(201);
    const link = t.mailer.sent.findLast((mail) => mail.to === invitee)!.text.match(/https?:\/\/\S+/)![0];
    const token = new URL(link).searchParams.get('token')!;
    secrets.push(token);
    await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect((await post(t.app, '/auth/invites/lookup', { token })).statusCode).toBe(200);
    const accepted = await post(t.app, '/auth/invites/accept', {
      token,
      name: 'Invitee',
      password: PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);

    await vi.waitFor(() => expect(logged).toContain(`/invite/accept?token=${REDACTED}`));
    expect(logged).toContain('"url":"/api/v1/auth/confirm-forgot-password"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(encodeURIComponent(secret));
    }
  });
});
