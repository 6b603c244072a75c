import { createHash } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  AUTH_MESSAGES,
  JOB_PATHS,
  LOGS_PATH,
  MAX_ACTIVE_API_TOKENS,
  ROLES,
  TEXT_MESSAGES,
  type CreateApiTokenRequest,
  type CreateApiTokenResponse,
} from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { createTestApp, RELAXED_THROTTLE, type TestApp } from '../../../test/harness.ts';
import { hybridPayload, jobUser } from '../../../test/job-flows.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { apiTokens, auditEvents } from '../../db/schema/index.ts';

let database: Database;
let t: TestApp;
/** The app's clock runs this far ahead of the real one: expiry and last use are tested by moving it. */
let aheadMs = 0;
appPerTest(
  (current) => {
    ({ t, database } = current);
    aheadMs = 0;
  },
  { now: () => new Date(Date.now() + aheadMs) },
);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function createToken(user: TestUser, body: Partial<CreateApiTokenRequest> = {}) {
  const res = await call(t.app, 'POST', '/account/api-tokens', user, {
    name: 'notebook',
    scope: 'read',
    expires_in_days: 30,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreateApiTokenResponse;
}

/** `user` calling with the token instead of their session. */
const withToken = (user: TestUser, token: string): TestUser => ({ ...user, token });

const listOf = async (user: TestUser) =>
  (await call(t.app, 'GET', '/account/api-tokens', user)).json().tokens;

describe('creating a token', () => {
  it('shows its value once and keeps only its SHA-256', async () => {
    const user = await makeUser(t);
    const created = await createToken(user, { name: 'H2 notebook', scope: 'jobs', expires_in_days: 90 });
    expect(created.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.api_token).toMatchObject({ name: 'H2 notebook', scope: 'jobs', last_used_at: null });
    expect(Date.parse(created.api_token.expires_at) - Date.parse(created.api_token.created_at)).toBe(
      90 * DAY,
    );

    const [row] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, created.api_token.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const listed = await call(t.app, 'GET', '/account/api-tokens', user);
    expect(listed.json()).toEqual({ tokens: [created.api_token] });
    expect(listed.body).not.toContain(created.token);
  });

  it.each([
    [{ name: '' }, API_TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, API_TOKEN_MESSAGES.nameTooLong],
    [{ name: 'bell\u0007' }, TEXT_MESSAGES.control],
    [{ name: 'two\nlines' }, TEXT_MESSAGES.lineBreak],
    [{ expires_in_days: 0 }, API_TOKEN_MESSAGES.expiry],
    [{ expires_in_days: 366 }, API_TOKEN_MESSAGES.expiry],
    [{ expires_in_days: 1.5 }, API_TOKEN_MESSAGES.expiry],
    [{ scope: 'admin' }, 'scope'],
  ])('refuses %j', async (change, message) => {
    const user = await makeUser(t);
    const res = await call(t.app, 'POST', '/account/api-tokens', user, {
      name: 'ok',
      scope: 'read',
      expires_in_days: 30,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await listOf(user)).toEqual([]);
  });

  it(`allows ${MAX_ACTIVE_API_TOKENS} unexpired tokens per user, even when asked for at once`, async () => {
    const user = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_TOKENS + 3 }, (_, i) =>
        call(t.app, 'POST', '/account/api-tokens', user, {
          name: `t${i}`,
          scope: 'read',
          expires_in_days: 1,
        }),
      ),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_API_TOKENS);
    const refused = results.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0].json().message).toBe(API_TOKEN_MESSAGES.tooMany);

    // Expired tokens no longer count.
    aheadMs = DAY + MINUTE;
    await createToken(user);
  });
});

describe('using a token', () => {
  it('acts as its user and records its last use at most once a minute', async () => {
    const user = await makeUser(t);
    const { token, api_token } = await createToken(user);
    const me = await call(t.app, 'GET', '/auth/me', withToken(user, token));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email });

    const [first] = await listOf(user);
    expect(first.last_used_at).not.toBeNull();
    aheadMs = 30_000;
    await call(t.app, 'GET', '/auth/me', withToken(user, token));
    expect((await listOf(user))[0].last_used_at).toBe(first.last_used_at);
    aheadMs = 61_000;
    await call(t.app, 'GET', '/auth/me', withToken(user, token));
    const [later] = await listOf(user);
    expect(Date.parse(later.last_used_at)).toBeGreaterThan(Date.parse(first.last_used_at));
    expect(later.id).toBe(api_token.id);
  });

  it('is refused at once when it expires', async () => {
    const user = await makeUser(t);
    const { token } = await createToken(user, { expires_in_days: 1 });
    expect((await call(t.app, 'GET', '/auth/me', withToken(user, token))).statusCode).toBe(200);
    aheadMs = DAY;
    const res = await call(t.app, 'GET', '/auth/me', withToken(user, token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.expired);
    expect((await listOf(user))[0].expired).toBe(true);
  });

  it('is refused at once when revoked, and only its owner can revoke it', async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const { token, api_token } = await createToken(user);
    const path = `/account/api-tokens/${api_token.id}`;
    expect((await call(t.app, 'DELETE', path, other)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/auth/me', withToken(user, token))).statusCode).toBe(200);

    const revoked = await call(t.app, 'DELETE', path, user);
    expect(revoked.json()).toEqual({ message: API_TOKEN_MESSAGES.revoked });
    const res = await call(t.app, 'GET', '/auth/me', withToken(user, token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.authRequired);
    expect((await call(t.app, 'DELETE', path, user)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/account/api-tokens/not-a-uuid', user)).statusCode).toBe(400);
  });

  it('dies with its user', async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    const { token } = await createToken(user);
    expect((await call(t.app, 'DELETE', `/auth/admin/users/${user.email}`, admin)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', withToken(user, token))).statusCode).toBe(401);
    expect(await database.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).toEqual([]);
  });
});

describe('scopes', () => {
  it('lets a read token read jobs but not create them', async () => {
    const user = await jobUser(t);
    const { token } = await createToken(user, { scope: 'read' });
    const reader = withToken(user, token);
    expect((await call(t.app, 'GET', JOB_PATHS.hybridJobs, reader)).statusCode).toBe(200);
    const res = await call(t.app, 'POST', JOB_PATHS.hybridJobs, reader, hybridPayload());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.readOnly);
  });

  it('lets a jobs token create and cancel jobs, and the audit log names the token', async () => {
    const user = await jobUser(t);
    const { token, api_token } = await createToken(user, { name: 'scan script', scope: 'jobs' });
    const script = withToken(user, token);
    const created = await call(t.app, 'POST', JOB_PATHS.hybridJobs, script, hybridPayload());
    expect(created.statusCode, created.body).toBe(201);
    const { job_arn } = created.json();
    const cancelled = await call(t.app, 'POST', `${JOB_PATHS.hybridJobCancel}?job_arn=${job_arn}`, script);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const events = await database.db.select().from(auditEvents).where(eq(auditEvents.actorId, user.id));
    const jobEvents = events.filter((event) => event.action.startsWith('job.'));
    expect(jobEvents.map((event) => event.action).sort()).toEqual(['job.cancel', 'job.create']);
    for (const event of jobEvents) {
      expect(event.details.api_token).toEqual({ id: api_token.id, name: 'scan script' });
    }
    const orgs = await call(t.app, 'POST', '/auth/orgs', script, {
      name: 'Org',
      default_can_create_jobs: false,
    });
    expect(orgs.statusCode).toBe(403);
    expect(orgs.json().message).toBe(API_TOKEN_MESSAGES.outOfScope);
  });

  it('never manages the account, its tokens or the system, whatever the scope', async () => {
    const admin = await makeUser(t, { admin: true });
    const { token } = await createToken(admin, { scope: 'jobs' });
    const script = withToken(admin, token);
    const refused: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', '/account/api-tokens'],
      ['POST', '/account/api-tokens', { name: 'more', scope: 'jobs', expires_in_days: 365 }],
      ['GET', '/account/settings'],
      ['POST', '/auth/change-password', { current_password: 'x', new_password: 'y' }],
      ['POST', '/auth/logout'],
      ['DELETE', '/auth/me'],
      ['GET', '/auth/admin/all-users'],
      ['GET', `/auth/admin/users/${admin.email}/api-tokens`],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(t.app, method, url, script, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.sessionOnly);
    }
    // Its user's administrator powers stay with the session.
    const permissions = await call(t.app, 'GET', '/auth/me/permissions', script);
    expect(permissions.json().groups).not.toContain(ROLES.systemAdmin);
    expect(await listOf(admin)).toHaveLength(1);
  });
});

describe('a system administrator', () => {
  it("lists and revokes any user's tokens, and the audit log says so", async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    const { token, api_token } = await createToken(user, { name: 'laptop' });
    const path = `/auth/admin/users/${encodeURIComponent(user.email)}/api-tokens`;
    expect((await call(t.app, 'GET', path, user)).statusCode).toBe(403);
    const listed = await call(t.app, 'GET', path, admin);
    expect(listed.json()).toEqual({ tokens: [api_token] });

    expect((await call(t.app, 'DELETE', `${path}/${api_token.id}`, admin)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', withToken(user, token))).statusCode).toBe(401);
    const logs = await call(t.app, 'GET', `${LOGS_PATH}?action=api_token.revoke`, admin);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().logs[0]).toMatchObject({
      actor_email: admin.email,
      summary: `revoked ${user.email}'s API token "laptop"`,
    });
    expect(
      (await call(t.app, 'GET', '/auth/admin/users/nobody@example.com/api-tokens', admin)).statusCode,
    ).toBe(404);
  });
});

describe('guessing tokens', () => {
  it('is throttled per client address like failed sign-ins', async () => {
    const limited = await createTestApp(
      { throttleRules: { ...RELAXED_THROTTLE, signInPerIp: { limit: 3, windowMs: 15 * MINUTE } } },
      database,
    );
    try {
      const user = await makeUser(limited);
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/account/api-tokens',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { name: 'real', scope: 'read', expires_in_days: 1 },
      });
      const { token } = created.json() as CreateApiTokenResponse;
      const attempt = (bearer: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { authorization: `Bearer ${bearer}` },
          remoteAddress,
        });
      for (const guess of [
        `${API_TOKEN_PREFIX}${'A'.repeat(43)}`,
        `${API_TOKEN_PREFIX}short`,
        API_TOKEN_PREFIX,
      ]) {
        expect((await attempt(guess, '198.51.100.7')).statusCode).toBe(401);
      }
      const blocked = await attempt(token, '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back, and known tokens never counted.
      expect((await attempt(token, '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
