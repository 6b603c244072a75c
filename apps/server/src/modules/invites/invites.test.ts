import { createHash } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  INVITE_CANCEL_REASON,
  INVITE_MESSAGES,
  ORG_MESSAGES,
} from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, post } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { call, makeUser, membershipsOf, orgWithMembers, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { invitations, users } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://console.example.com';
let database: Database;
let t: TestApp;
let now: Date;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  now = new Date();
  t = await createTestApp({ publicUrl: PUBLIC_URL, now: () => now }, database);
});
afterEach(async () => t.close());

/** The token in the last invitation mailed to `email`, read from the accept link. */
function tokenFor(email: string): string {
  const mail = t.mailer.sent.findLast((m) => m.to === email);
  const token = mail?.text.match(/\/invite\/accept\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** `name` null: the payload has no name, as the console sends for an existing account. */
const accept = (token: string, password = PASSWORD, name: string | null = 'Grace Hopper') =>
  post(t.app, '/auth/invites/accept', { token, password, ...(name === null ? {} : { name }) });

const lookup = (token: unknown) => post(t.app, '/auth/invites/lookup', { token });

/** Well formed, like every token the server hands out, but never handed out. */
const UNKNOWN_TOKEN = 'A'.repeat(43);

async function inviteToOrg(by: TestUser, orgId: string, email: string, role = 'organization_member') {
  const res = await call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, by, { email, role });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function userRow(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function invitationsTo(email: string) {
  return database.db.select().from(invitations).where(eq(invitations.email, email));
}

describe('system invitations', () => {
  it('mails a single-use link, stores only its hash, and creates a confirmed administrator on acceptance', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    const res = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: email.toUpperCase(),
      role: 'system_admin',
      message: '  Welcome aboard  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      invite_id: expect.any(String),
      email,
      role: 'system_admin',
      org_id: null,
      org_name: null,
      status: 'pending',
      message: 'Welcome aboard',
      invited_by: admin.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    });
    const mail = t.mailer.sent.at(-1)!;
    const token = tokenFor(email);
    expect(mail.text).toContain(`${PUBLIC_URL}/invite/accept?token=${token}`);
    expect(mail.text).toContain('Welcome aboard');
    const [stored] = await invitationsTo(email);
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    const accepted = await accept(token, 'brand-new-password', '  Grace Hopper ');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email, message: INVITE_MESSAGES.accepted });
    expect(await userRow(email)).toMatchObject({
      status: 'CONFIRMED',
      emailVerified: true,
      name: 'Grace Hopper',
      isSystemAdmin: true,
    });
    const login = await post(t.app, '/auth/login', { username: email, password: 'brand-new-password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().challenge_name).toBeNull();
    expect((await invitationsTo(email))[0].status).toBe('accepted');
  });

  it('adds the invitee to the chosen organization', async () => {
    const admin = await makeUser(t, { admin: true });
    const { orgId } = await orgWithMembers(t, 0, true);
    const email = uniqueEmail('invitee');
    const res = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email,
      role: 'organization_member',
      org_id: orgId,
    });
    expect(res.json()).toMatchObject({ org_id: orgId, org_name: expect.stringContaining('Org of') });
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
    const user = await userRow(email);
    expect(user.isSystemAdmin).toBe(false);
    expect((await membershipsOf(database, orgId)).find((m) => m.userId === user.id)).toMatchObject({
      role: 'organization_member',
      canCreateJobs: true,
    });
  });

  it.each([
    [
      { email: 'x@example.com', role: 'organization_owner' },
      'Role must be organization_member or system_admin',
    ],
    [{ email: 'x@example.com' }, 'Role must be organization_member or system_admin'],
    [{ email: 'nope', role: 'system_admin' }, 'body.email: Invalid email address'],
    [{ email: 'x@example.com', role: 'system_admin', org_id: 'abc' }, 'body.org_id: Invalid organization id'],
    [
      { email: 'x@example.com', role: 'system_admin', message: 'm'.repeat(1001) },
      'Message must be at most 1000',
    ],
  ])('refuses %j', async (payload, message) => {
    const admin = await makeUser(t, { admin: true });
    const res = await call(t.app, 'POST', '/auth/invites/system', admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(t.mailer.sent.filter((m) => m.to === 'x@example.com')).toEqual([]);
  });

  it('is refused to everyone but system administrators', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('invitee');
    const res = await call(t.app, 'POST', '/auth/invites/system', owner, {
      email,
      role: 'organization_member',
      org_id: orgId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_MESSAGES.required);
    expect(await invitationsTo(email)).toEqual([]);
    const admin = await makeUser(t, { admin: true });
    const missing = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email,
      role: 'organization_member',
      org_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORG_MESSAGES.notFound);
  });
});

describe('organization invitations', () => {
  it('are sent by the owner or a system administrator, never by members or strangers', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const stranger = await makeUser(t);
    for (const caller of [members[0], stranger]) {
      const email = uniqueEmail('invitee');
      const res = await call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, caller, { email });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORG_MESSAGES.managersOnly);
      expect(await invitationsTo(email)).toEqual([]);
    }
    const byOwner = await inviteToOrg(owner, orgId, uniqueEmail('invitee'));
    expect(byOwner).toMatchObject({ role: 'organization_member', org_id: orgId, invited_by: owner.email });
    const byAdmin = await inviteToOrg(admin, orgId, uniqueEmail('invitee'));
    expect(byAdmin.invited_by).toBe(admin.email);
  });

  it.each([
    ['?org_id=abc', { email: 'x@example.com' }, 'querystring.org_id: Invalid organization id'],
    ['', { email: 'x@example.com' }, 'querystring.org_id'],
    [
      '?org_id=ORG',
      { email: 'x@example.com', role: 'system_admin' },
      'Role must be organization_member or organization_owner',
    ],
  ])('refuses %s %j', async (query, payload, message) => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const res = await call(
      t.app,
      'POST',
      `/auth/invites/organization${query.replace('ORG', orgId)}`,
      owner,
      payload,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await invitationsTo('x@example.com')).toEqual([]);
  });

  it('transfers the ownership when an owner invitation is accepted', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('new-owner');
    await inviteToOrg(owner, orgId, email, 'organization_owner');
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
    const invitee = await userRow(email);
    const rows = await membershipsOf(database, orgId);
    expect(rows.filter((m) => m.role === 'organization_owner').map((m) => m.userId)).toEqual([invitee.id]);
    expect(rows.find((m) => m.userId === owner.id)?.role).toBe('organization_member');
  });

  it('refuses a second pending invitation and one that would grant nothing', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const email = uniqueEmail('invitee');
    await inviteToOrg(owner, orgId, email);
    const twice = await call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, owner, { email });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INVITE_MESSAGES.pendingExists);
    const member = await call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, owner, {
      email: members[0].email,
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(INVITE_MESSAGES.alreadyMember);
    const admin = await makeUser(t, { admin: true });
    const registered = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: members[0].email,
      role: 'organization_member',
    });
    expect(registered.json().message).toBe(INVITE_MESSAGES.alreadyRegistered);
    const already = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: admin.email,
      role: 'system_admin',
    });
    expect(already.json().message).toBe(INVITE_MESSAGES.alreadyAdmin);
    // Only the invitation members[0] joined by (Add Member, accepted) exists; none was added.
    expect((await invitationsTo(members[0].email)).map((i) => i.status)).toEqual(['accepted']);
  });
});

describe('accepting', () => {
  it('validates the payload', async () => {
    for (const [payload, message] of [
      [{ token: '', name: 'A', password: PASSWORD }, INVITE_MESSAGES.invalidToken],
      [{ name: 'A', password: PASSWORD }, INVITE_MESSAGES.invalidToken],
      [{ token: 'no-such-token', name: 'A', password: PASSWORD }, INVITE_MESSAGES.invalidToken],
      [{ token: UNKNOWN_TOKEN, name: '   ', password: PASSWORD }, 'Name is required'],
      [
        { token: UNKNOWN_TOKEN, name: 'n'.repeat(101), password: PASSWORD },
        'Name must be at most 100 characters',
      ],
      [{ token: UNKNOWN_TOKEN, name: 'A', password: 'short' }, AUTH_MESSAGES.passwordTooShort],
    ] as const) {
      const res = await post(t.app, '/auth/invites/accept', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await accept(UNKNOWN_TOKEN);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(INVITE_MESSAGES.invalidToken);
  });

  it('asks a new account for its name', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'organization_member' });
    const nameless = await accept(tokenFor(email), PASSWORD, null);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(INVITE_MESSAGES.nameRequired);
    expect(await userRow(email)).toBeUndefined();
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
  });

  it('uses a token once', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'organization_member' });
    const token = tokenFor(email);
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token, 'another-password-1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVITE_MESSAGES.alreadyAccepted);
    expect(
      (await post(t.app, '/auth/login', { username: email, password: 'another-password-1' })).statusCode,
    ).toBe(401);
  });

  it('lets only one of two simultaneous acceptances through', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'organization_member' });
    const token = tokenFor(email);
    const answers = await Promise.all([
      accept(token, 'first-password-1'),
      accept(token, 'second-password-2'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses an expired invitation, which lists as expired and can be renewed', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('invitee');
    const invite = await inviteToOrg(owner, orgId, email);
    const token = tokenFor(email);
    now = new Date(now.getTime() + 7 * 86_400_000 + 1000);
    const late = await accept(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(INVITE_MESSAGES.expired);
    expect(await userRow(email)).toBeUndefined();
    const listed = (await call(t.app, 'GET', '/auth/invites/', owner)).json().invitations;
    expect(listed.find((i: { invite_id: string }) => i.invite_id === invite.invite_id).status).toBe(
      'expired',
    );
    const cancel = await call(t.app, 'POST', `/auth/invites/${invite.invite_id}/cancel`, owner, {
      invite_id: invite.invite_id,
      reason: INVITE_CANCEL_REASON,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(INVITE_MESSAGES.notPending);
    const renewed = await call(t.app, 'POST', `/auth/invites/${invite.invite_id}/resend`, owner, {
      invite_id: invite.invite_id,
    });
    expect(renewed.json()).toMatchObject({
      status: 'pending',
      expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    });
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
  });

  it('refuses a cancelled invitation and the replaced token of a resent one', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const cancelledEmail = uniqueEmail('cancelled');
    const cancelled = await inviteToOrg(owner, orgId, cancelledEmail);
    const res = await call(t.app, 'POST', `/auth/invites/${cancelled.invite_id}/cancel`, owner, {
      invite_id: cancelled.invite_id,
      reason: INVITE_CANCEL_REASON,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invite_id: cancelled.invite_id, status: 'cancelled' });
    const afterCancel = await accept(tokenFor(cancelledEmail));
    expect(afterCancel.statusCode).toBe(400);
    expect(afterCancel.json().message).toBe(INVITE_MESSAGES.cancelled);

    const resentEmail = uniqueEmail('resent');
    const resent = await inviteToOrg(owner, orgId, resentEmail);
    const oldToken = tokenFor(resentEmail);
    const again = await call(t.app, 'POST', `/auth/invites/${resent.invite_id}/resend`, owner, {
      invite_id: resent.invite_id,
    });
    expect(again.statusCode).toBe(200);
    const newToken = tokenFor(resentEmail);
    expect(newToken).not.toBe(oldToken);
    const old = await accept(oldToken);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(INVITE_MESSAGES.invalidToken);
    expect((await accept(newToken)).statusCode).toBe(200);
    const resendAccepted = await call(t.app, 'POST', `/auth/invites/${resent.invite_id}/resend`, owner, {
      invite_id: resent.invite_id,
    });
    expect(resendAccepted.statusCode).toBe(409);
    expect(resendAccepted.json().message).toBe(INVITE_MESSAGES.notResendable);
  });

  it('asks an existing account for its password, then adds the membership', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const existing = await makeUser(t);
    await inviteToOrg(owner, orgId, existing.email);
    const token = tokenFor(existing.email);
    const wrong = await accept(token, 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(INVITE_MESSAGES.wrongPassword);
    expect((await membershipsOf(database, orgId)).map((m) => m.userId)).toEqual([owner.id]);
    const right = await accept(token, PASSWORD, null);
    expect(right.json()).toEqual({ email: existing.email, message: INVITE_MESSAGES.accepted });
    expect((await membershipsOf(database, orgId)).map((m) => m.userId).sort()).toEqual(
      [owner.id, existing.id].sort(),
    );
    expect((await userRow(existing.email)).name).toBeNull();
  });

  it('checks an existing account’s password under the sign-in back-off, shared with login', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const existing = await makeUser(t);
    await inviteToOrg(owner, orgId, existing.email);
    const token = tokenFor(existing.email);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await accept(token, `guess-number-${i}`, null)).statusCode);
    // The clock stands still: once the free failures are spent, every further guess waits.
    expect(answers.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    const right = await accept(token, PASSWORD, null);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect((await membershipsOf(database, orgId)).map((m) => m.userId)).toEqual([owner.id]);
    const login = await post(t.app, '/auth/login', { username: existing.email, password: PASSWORD });
    expect(login.statusCode).toBe(429);
    now = new Date(now.getTime() + 61_000);
    expect((await accept(token, PASSWORD, null)).statusCode).toBe(200);
  });

  it('fills an existing account’s empty name with the one given', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const existing = await makeUser(t);
    await inviteToOrg(owner, orgId, existing.email);
    expect((await accept(tokenFor(existing.email), PASSWORD, 'Their Name')).statusCode).toBe(200);
    expect((await userRow(existing.email)).name).toBe('Their Name');
  });

  it('lets the invitee take over an unconfirmed account registered with their address', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('squatted');
    await post(t.app, '/auth/register', { email, password: 'someone-elses-pass' });
    await inviteToOrg(owner, orgId, email);
    expect((await accept(tokenFor(email), 'my-own-password')).statusCode).toBe(200);
    expect(await userRow(email)).toMatchObject({ status: 'CONFIRMED', emailVerified: true });
    expect(
      (await post(t.app, '/auth/login', { username: email, password: 'my-own-password' })).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/auth/login', { username: email, password: 'someone-elses-pass' })).statusCode,
    ).toBe(401);
  });
});

describe('looking an invitation up by its link', () => {
  it('tells the holder of a pending link its address, organization, role and whether the account exists', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('invitee');
    const invite = await inviteToOrg(owner, orgId, email, 'organization_owner');
    const res = await lookup(tokenFor(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      role: 'organization_owner',
      org_name: `Org of ${owner.email}`,
      expires_at: invite.expires_at,
      account_exists: false,
    });
    // Looking changes nothing: the link still accepts.
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
  });

  it('says when the address already has an account, which then gives only its password', async () => {
    const admin = await makeUser(t, { admin: true });
    const existing = await makeUser(t);
    await call(t.app, 'POST', '/auth/invites/system', admin, { email: existing.email, role: 'system_admin' });
    const res = await lookup(tokenFor(existing.email));
    expect(res.json()).toMatchObject({ email: existing.email, org_name: null, account_exists: true });
  });

  it('does not count an unconfirmed registration as an account, since the invitee takes it over', async () => {
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('squatted');
    await post(t.app, '/auth/register', { email, password: 'someone-elses-pass' });
    await call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'organization_member' });
    expect((await lookup(tokenFor(email))).json().account_exists).toBe(false);
  });

  it('says a used, cancelled or expired link can no longer be accepted, and shows nothing else', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const used = uniqueEmail('used');
    await inviteToOrg(owner, orgId, used);
    const usedToken = tokenFor(used);
    await accept(usedToken);
    const cancelled = uniqueEmail('cancelled');
    const { invite_id } = await inviteToOrg(owner, orgId, cancelled);
    await call(t.app, 'POST', `/auth/invites/${invite_id}/cancel`, owner, {
      invite_id,
      reason: INVITE_CANCEL_REASON,
    });
    const expired = uniqueEmail('expired');
    await inviteToOrg(owner, orgId, expired);
    const expiredToken = tokenFor(expired);
    const cancelledToken = tokenFor(cancelled);
    now = new Date(now.getTime() + 8 * 86_400_000);
    for (const [token, status, message] of [
      [usedToken, 409, INVITE_MESSAGES.alreadyAccepted],
      [cancelledToken, 400, INVITE_MESSAGES.cancelled],
      [expiredToken, 400, INVITE_MESSAGES.expired],
    ] as const) {
      const res = await lookup(token);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message, code: status === 409 ? 'conflict' : 'invalid_request' });
    }
  });

  it('answers an unknown or replaced link as invalid, and refuses a malformed token by its schema', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const email = uniqueEmail('resent');
    const { invite_id } = await inviteToOrg(owner, orgId, email);
    const replaced = tokenFor(email);
    await call(t.app, 'POST', `/auth/invites/${invite_id}/resend`, owner, { invite_id });
    for (const token of [UNKNOWN_TOKEN, replaced]) {
      const res = await lookup(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVITE_MESSAGES.invalidToken, code: 'invalid_code' });
    }
    for (const token of ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}=`, "x' OR '1'='1", 42, null]) {
      const res = await lookup(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`body.token: ${INVITE_MESSAGES.invalidToken}`);
    }
  });
});

describe('listing and managing invitations', () => {
  it('shows administrators every invitation and owners those of their organizations', async () => {
    const first = await orgWithMembers(t, 1);
    const second = await orgWithMembers(t, 0);
    const admin = await makeUser(t, { admin: true });
    const a = await inviteToOrg(first.owner, first.orgId, uniqueEmail('a'));
    const b = await inviteToOrg(second.owner, second.orgId, uniqueEmail('b'));
    const ids = (user: TestUser, url = '/auth/invites/') =>
      call(t.app, 'GET', url, user).then((res) =>
        res.json().invitations.map((i: { invite_id: string }) => i.invite_id),
      );
    // first.owner also sees the accepted invitation by which its member joined (Add Member).
    const firstOwners = await ids(first.owner);
    expect(firstOwners).toHaveLength(2);
    expect(firstOwners).toContain(a.invite_id);
    expect(await ids(second.owner, '/auth/invites')).toEqual([b.invite_id]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([a.invite_id, b.invite_id]));
    const member = await call(t.app, 'GET', '/auth/invites/', first.members[0]);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(INVITE_MESSAGES.listForbidden);
  });

  it('lets only administrators and the organization owner cancel or resend, and changes nothing otherwise', async () => {
    const first = await orgWithMembers(t, 1);
    const second = await orgWithMembers(t, 0);
    const admin = await makeUser(t, { admin: true });
    const email = uniqueEmail('invitee');
    const invite = await inviteToOrg(first.owner, first.orgId, email);
    const systemEmail = uniqueEmail('system');
    const system = (
      await call(t.app, 'POST', '/auth/invites/system', admin, {
        email: systemEmail,
        role: 'organization_member',
      })
    ).json();
    const mailsBefore = t.mailer.sent.length;
    const [before] = await invitationsTo(email);
    for (const [caller, message] of [
      [first.members[0], ORG_MESSAGES.managersOnly],
      [second.owner, ORG_MESSAGES.managersOnly],
    ] as const) {
      for (const action of ['cancel', 'resend']) {
        const res = await call(t.app, 'POST', `/auth/invites/${invite.invite_id}/${action}`, caller, {
          invite_id: invite.invite_id,
          reason: INVITE_CANCEL_REASON,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(message);
      }
    }
    const ownerOnSystem = await call(t.app, 'POST', `/auth/invites/${system.invite_id}/cancel`, first.owner, {
      invite_id: system.invite_id,
      reason: INVITE_CANCEL_REASON,
    });
    expect(ownerOnSystem.statusCode).toBe(403);
    expect(ownerOnSystem.json().message).toBe(ADMIN_MESSAGES.required);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    expect(await invitationsTo(email)).toEqual([before]);
    expect((await accept(tokenFor(email))).statusCode).toBe(200);
    const adminCancels = await call(t.app, 'POST', `/auth/invites/${system.invite_id}/cancel`, admin, {
      invite_id: system.invite_id,
      reason: INVITE_CANCEL_REASON,
    });
    expect(adminCancels.json().status).toBe('cancelled');
  });

  it('validates cancel and resend', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const invite = await inviteToOrg(owner, orgId, uniqueEmail('invitee'));
    const url = `/auth/invites/${invite.invite_id}/cancel`;
    const other = '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11';
    for (const [path, payload, status, message] of [
      [
        url,
        { invite_id: invite.invite_id, reason: 'Changed my mind' },
        400,
        `Reason must be '${INVITE_CANCEL_REASON}'`,
      ],
      [url, { invite_id: invite.invite_id }, 400, `Reason must be '${INVITE_CANCEL_REASON}'`],
      [url, { invite_id: other, reason: INVITE_CANCEL_REASON }, 400, INVITE_MESSAGES.idMismatch],
      [url, { invite_id: 'abc', reason: INVITE_CANCEL_REASON }, 400, 'body.invite_id: Invalid invitation id'],
      [
        '/auth/invites/abc/cancel',
        { invite_id: 'abc', reason: INVITE_CANCEL_REASON },
        400,
        'params.inviteId: Invalid invitation id',
      ],
      [
        `/auth/invites/${other}/cancel`,
        { invite_id: other, reason: INVITE_CANCEL_REASON },
        404,
        INVITE_MESSAGES.notFound,
      ],
      [`/auth/invites/${invite.invite_id}/resend`, {}, 400, 'body.invite_id'],
      [`/auth/invites/${invite.invite_id}/resend`, { invite_id: other }, 400, INVITE_MESSAGES.idMismatch],
    ] as const) {
      const res = await call(t.app, 'POST', path, owner, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await invitationsTo(invite.email))[0].status).toBe('pending');
  });
});
