import { ADMIN_MESSAGES, ownsOrganizationsMessage } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post } from '../../../test/auth-flows.ts';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import {
  addMember,
  call,
  createOrg,
  makeUser,
  membershipsOf,
  orgWithMembers,
  type TestUser,
} from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';

let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current));

async function userExists(email: string) {
  return (await database.db.select().from(users).where(eq(users.email, email))).length === 1;
}

async function orgExists(orgId: string) {
  return (await database.db.select().from(organizations).where(eq(organizations.id, orgId))).length === 1;
}

/** DELETE /auth/me the way Account Settings does it: re-authenticate, then delete with the token. */
async function deleteOwnAccount(app: TestApp['app'], user: TestUser) {
  const reauth = await post(
    app,
    '/auth/re-authenticate',
    { email: user.email, password: PASSWORD },
    bearer(user.token),
  );
  return app.inject({
    method: 'DELETE',
    url: '/api/v1/auth/me',
    headers: { ...bearer(user.token), 'x-reauth-token': reauth.json().reauth_token },
  });
}

describe('GET /auth/admin/all-users', () => {
  it('pages through users with an opaque next_token', async () => {
    const admin = await makeUser(t, { admin: true });
    const tag = `pager${Date.now()}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeUser(t, { tag }));
    const { owner, orgId } = await orgWithMembers(t, 0);
    await addMember(t, owner, orgId, made[0]);

    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=2&search=${tag}${token ? `&next_token=${token}` : ''}`;
      const res = await call(t.app, 'GET', `/auth/admin/all-users?${query}`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.users.length).toBeLessThanOrEqual(2);
      seen.push(...body.users.map((u: { email: string }) => u.email));
      token = body.next_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((u) => u.email).sort());

    const [first] = (await call(t.app, 'GET', `/auth/admin/all-users?search=${made[0].email}`, admin)).json()
      .users;
    expect(first).toEqual({
      username: made[0].username,
      email: made[0].email,
      attributes: [
        { Name: 'email', Value: made[0].email },
        { Name: 'email_verified', Value: 'true' },
      ],
      user_status: 'CONFIRMED',
      user_create_date: expect.any(String),
      user_last_modified_date: expect.any(String),
      roles: {
        system_admin: false,
        organizations: [{ org_id: orgId, org_name: expect.any(String), role: 'organization_member' }],
      },
    });
  });

  it('serves 100 users a page by default and validates the query', async () => {
    const admin = await makeUser(t, { admin: true });
    const all = await call(t.app, 'GET', '/auth/admin/all-users', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().users.length).toBeLessThanOrEqual(100);
    for (const [query, message] of [
      ['limit=0', 'querystring.limit'],
      ['limit=abc', 'querystring.limit'],
      ['next_token=bm9wZQ', ADMIN_MESSAGES.invalidNextToken],
      ['next_token=***', ADMIN_MESSAGES.invalidNextToken],
    ]) {
      const res = await call(t.app, 'GET', `/auth/admin/all-users?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('is for system administrators only', async () => {
    const user = await makeUser(t);
    const res = await call(t.app, 'GET', '/auth/admin/all-users', user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_MESSAGES.required);
    expect((await call(t.app, 'GET', '/auth/admin/all-users')).statusCode).toBe(401);
  });
});

describe('DELETE /auth/admin/users/{user}', () => {
  it('deletes a user by e-mail or username, signs them out and deletes the organizations they own alone', async () => {
    const admin = await makeUser(t, { admin: true });
    const byEmail = await makeUser(t);
    const byUsername = await makeUser(t);
    const solo = await createOrg(t, byEmail, 'Solo');
    const { orgId: shared, members } = await orgWithMembers(t, 1);
    await call(t.app, 'PATCH', `/auth/orgs/${shared}/members/${byUsername.email}`, admin, {
      role: 'organization_member',
    });

    const res = await call(t.app, 'DELETE', `/auth/admin/users/${encodeURIComponent(byEmail.email)}`, admin);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.userDeleted });
    expect(await userExists(byEmail.email)).toBe(false);
    expect(await orgExists(solo)).toBe(false);
    expect((await call(t.app, 'GET', '/auth/me', byEmail)).statusCode).toBe(401);

    await call(t.app, 'DELETE', `/auth/admin/users/${byUsername.username}`, admin);
    expect(await userExists(byUsername.email)).toBe(false);
    expect((await membershipsOf(database, shared)).map((m) => m.userId)).not.toContain(byUsername.id);
    expect((await membershipsOf(database, shared)).map((m) => m.userId)).toContain(members[0].id);
  });

  it('refuses while the user owns an organization with other members', async () => {
    const admin = await makeUser(t, { admin: true });
    const { owner, orgId } = await orgWithMembers(t, 1);
    const solo = await createOrg(t, owner, 'Alone');
    const res = await call(t.app, 'DELETE', `/auth/admin/users/${owner.email}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ownsOrganizationsMessage([`Org of ${owner.email}`]));
    expect(await userExists(owner.email)).toBe(true);
    expect(await orgExists(orgId)).toBe(true);
    expect(await orgExists(solo)).toBe(true);
  });

  it('refuses the caller themselves, unknown users and non-administrators', async () => {
    const admin = await makeUser(t, { admin: true });
    const self = await call(t.app, 'DELETE', `/auth/admin/users/${admin.email}`, admin);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.deleteSelf);
    const blank = await call(t.app, 'DELETE', '/auth/admin/users/%20', admin);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('params.user: User is required');
    const unknown = await call(t.app, 'DELETE', '/auth/admin/users/ghost@example.com', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADMIN_MESSAGES.userNotFound);
    const { owner, members } = await orgWithMembers(t, 1);
    for (const caller of [owner, members[0]]) {
      const res = await call(t.app, 'DELETE', `/auth/admin/users/${members[0].email}`, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.required);
    }
    expect(await userExists(members[0].email)).toBe(true);
    expect(await userExists(admin.email)).toBe(true);
  });
});

describe('account deletion and organizations', () => {
  it("deletes the organizations a user owns alone with the user's own account", async () => {
    const user = await makeUser(t);
    const solo = await createOrg(t, user, 'Solo');
    expect((await deleteOwnAccount(t.app, user)).statusCode).toBe(200);
    expect(await orgExists(solo)).toBe(false);
  });

  it('refuses to delete an account that owns an organization with members', async () => {
    const { owner, orgId } = await orgWithMembers(t, 1);
    const res = await deleteOwnAccount(t.app, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ownsOrganizationsMessage([`Org of ${owner.email}`]));
    expect(await userExists(owner.email)).toBe(true);
    expect(await orgExists(orgId)).toBe(true);
    expect((await call(t.app, 'GET', '/auth/me', owner)).statusCode).toBe(200);
  });
});

describe('PUT /auth/admin/users/{user}/system-admin', () => {
  it('grants and removes the flag, which the permissions reflect at once', async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    const url = `/auth/admin/users/${user.email}/system-admin`;
    const granted = await call(t.app, 'PUT', url, admin, { is_system_admin: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ email: user.email, roles: { system_admin: true } });
    expect((await call(t.app, 'GET', '/auth/me/permissions', user)).json().groups).toContain('system_admin');
    const removed = await call(t.app, 'PUT', `/auth/admin/users/${user.username}/system-admin`, user, {
      is_system_admin: false,
    });
    expect(removed.json().roles.system_admin).toBe(false);
    expect((await call(t.app, 'GET', '/auth/me/permissions', user)).json().groups).toEqual(['user']);
  });

  it('validates the body and refuses non-administrators', async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    const url = `/auth/admin/users/${user.email}/system-admin`;
    const bad = await call(t.app, 'PUT', url, admin, { is_system_admin: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.is_system_admin');
    const self = await call(t.app, 'PUT', url, user, { is_system_admin: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ADMIN_MESSAGES.required);
    const unknown = await call(t.app, 'PUT', '/auth/admin/users/ghost@example.com/system-admin', admin, {
      is_system_admin: true,
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isSystemAdmin).toBe(false);
  });
});

describe('the last system administrator', () => {
  it('cannot step down or delete their account; of two stepping down at once, exactly one may', async () => {
    // Tests in a file run one after another, so this one may make itself the only administrator.
    await database.db.update(users).set({ isSystemAdmin: false }).where(eq(users.isSystemAdmin, true));
    const only = await makeUser(t, { admin: true });
    const stepDown = await call(t.app, 'PUT', `/auth/admin/users/${only.email}/system-admin`, only, {
      is_system_admin: false,
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().message).toBe(ADMIN_MESSAGES.lastAdmin);
    const leave = await deleteOwnAccount(t.app, only);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(ADMIN_MESSAGES.lastAdmin);
    expect(await userExists(only.email)).toBe(true);

    const second = await makeUser(t, { admin: true });
    const both = await Promise.all(
      [only, second].map((admin) =>
        call(t.app, 'PUT', `/auth/admin/users/${admin.email}/system-admin`, admin, {
          is_system_admin: false,
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await database.db.select().from(users).where(eq(users.isSystemAdmin, true))).toHaveLength(1);
  });
});

describe('GET /auth/admin/history', () => {
  it("searches every user's authentication events, newest first, paged", async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    await post(
      t.app,
      '/auth/login',
      { username: user.email, password: 'wrong-password' },
      { 'user-agent': 'probe/2' },
    );
    const res = await call(
      t.app,
      'GET',
      `/auth/admin/history?search=${encodeURIComponent(user.email)}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current_page).toBe(1);
    expect(body.total).toBe(4);
    expect(
      body.events.map((e: { event_type: string; success: boolean }) => [e.event_type, e.success]),
    ).toEqual([
      ['LOGIN', false],
      ['LOGIN', true],
      ['CONFIRM_EMAIL', true],
      ['SIGN_UP', true],
    ]);
    expect(body.events[0]).toMatchObject({
      email: user.email,
      user_agent: 'probe/2',
      ip_address: '127.0.0.1',
    });
    const byAgent = (await call(t.app, 'GET', '/auth/admin/history?search=probe/2', admin)).json();
    expect(byAgent.events.every((e: { user_agent: string }) => e.user_agent === 'probe/2')).toBe(true);
    const page2 = (
      await call(
        t.app,
        'GET',
        `/auth/admin/history?limit=3&page=2&search=${encodeURIComponent(user.email)}`,
        admin,
      )
    ).json();
    expect(page2.events.map((e: { event_type: string }) => e.event_type)).toEqual(['SIGN_UP']);
    const own = (await call(t.app, 'GET', '/auth/history', admin)).json();
    expect(own.events.every((e: { email: string }) => e.email === admin.email)).toBe(true);
  });

  it('is for system administrators only and validates paging', async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    expect((await call(t.app, 'GET', '/auth/admin/history', user)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/auth/admin/history?page=0', admin)).statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', `/auth/admin/history?search=${'x'.repeat(255)}`, admin)).statusCode,
    ).toBe(400);
  });
});
