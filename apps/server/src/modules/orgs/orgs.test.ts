import {
  ADMIN_MESSAGES,
  memberInvitedMessage,
  ORG_MESSAGES,
  ownershipTransferredMessage,
  transferRequestedMessage,
} from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import {
  addMember,
  call,
  createOrg,
  makeUser,
  membershipsOf,
  orgWithMembers,
} from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current));

const MISSING_ORG = '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11';

/** Each membership as (email-less) user id, role and job flag, for comparing before and after. */
async function snapshot(orgId: string) {
  const rows = await membershipsOf(database, orgId);
  return rows
    .map((row) => `${row.userId}:${row.role}:${row.canCreateJobs}`)
    .sort()
    .join(',');
}

describe('creating and listing organizations', () => {
  it('makes the creator the owner, who can always create jobs', async () => {
    const owner = await makeUser(t);
    const res = await call(t.app, 'POST', '/auth/orgs', owner, {
      name: '  Quantum Lab ',
      default_can_create_jobs: true,
    });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toEqual({
      org_id: expect.any(String),
      name: 'Quantum Lab',
      created_at: expect.any(String),
      created_by: owner.email,
      owner_id: owner.email,
      member_count: 1,
      default_can_create_jobs: true,
      role: 'organization_owner',
      pending_transfer: null,
    });
    expect(await membershipsOf(database, org.org_id)).toMatchObject([
      { userId: owner.id, role: 'organization_owner', canCreateJobs: true },
    ]);
    const mine = await call(t.app, 'GET', '/auth/orgs/mine', owner);
    expect(mine.json()).toEqual({ organizations: [org] });
  });

  it('shows members their organizations only, and a system administrator all of them', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const stranger = await makeUser(t);
    const admin = await makeUser(t, { admin: true });
    const ownOrg = await createOrg(t, stranger, 'Elsewhere');

    const memberView = (await call(t.app, 'GET', '/auth/orgs/mine', members[0])).json().organizations;
    expect(memberView).toEqual([
      expect.objectContaining({
        org_id: orgId,
        role: 'organization_member',
        owner_id: owner.email,
        member_count: 2,
      }),
    ]);
    const strangerView = (await call(t.app, 'GET', '/auth/orgs/mine', stranger)).json().organizations;
    expect(strangerView.map((o: { org_id: string }) => o.org_id)).toEqual([ownOrg]);
    const adminView = (await call(t.app, 'GET', '/auth/orgs/mine', admin)).json().organizations;
    expect(adminView).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ org_id: orgId, role: null }),
        expect.objectContaining({ org_id: ownOrg, role: null }),
      ]),
    );
  });

  it.each([
    [{ name: '' }, ORG_MESSAGES.nameRequired],
    [{ name: '    ' }, ORG_MESSAGES.nameRequired],
    [{}, ORG_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, 'Organization name must be at most 100 characters'],
    [{ name: 'Lab', default_can_create_jobs: 'yes' }, 'body.default_can_create_jobs'],
  ])('refuses %j and creates nothing', async (payload, message) => {
    const owner = await makeUser(t);
    const res = await call(t.app, 'POST', '/auth/orgs', owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(
      await database.db.select().from(organizations).where(eq(organizations.createdBy, owner.id)),
    ).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'POST', '/auth/orgs', undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/auth/orgs/mine')).statusCode).toBe(401);
  });

  it('reports organization roles in the permissions', async () => {
    const { owner, members } = await orgWithMembers(t, 1);
    expect((await call(t.app, 'GET', '/auth/me/permissions', owner)).json()).toEqual({
      permissions: ['organization_owner'],
      groups: ['organization_owner', 'user'],
    });
    expect((await call(t.app, 'GET', '/auth/me/permissions', members[0])).json()).toEqual({
      permissions: ['organization_member'],
      groups: ['organization_member', 'user'],
    });
    await createOrg(t, members[0], 'Second');
    const admin = await makeUser(t, { admin: true });
    await addMember(t, admin, await createOrg(t, owner, 'Third'), admin);
    expect((await call(t.app, 'GET', '/auth/me/permissions', members[0])).json()).toEqual({
      permissions: ['organization_owner', 'organization_member'],
      groups: ['organization_owner', 'organization_member', 'user'],
    });
    expect((await call(t.app, 'GET', '/auth/me/permissions', admin)).json()).toEqual({
      permissions: ['organization_member'],
      groups: ['system_admin', 'organization_member', 'user'],
    });
  });
});

describe('members', () => {
  it('invites on Add Member; the invitee joins with the default job permission once they accept', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0, true);
    const member = await makeUser(t);
    const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, {
      email: member.email.toUpperCase(),
      role: 'organization_member',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: memberInvitedMessage(member.email),
      invitation: expect.objectContaining({
        email: member.email,
        role: 'organization_member',
        org_id: orgId,
        status: 'pending',
        message: null,
      }),
    });
    // Nothing is granted before the invitee acts.
    expect((await membershipsOf(database, orgId)).map((m) => m.userId)).toEqual([owner.id]);
    const { invite_id } = res.json().invitation;
    const mine = await call(t.app, 'GET', '/auth/invites/mine', member);
    expect(mine.json().invitations.map((i: { invite_id: string }) => i.invite_id)).toEqual([invite_id]);
    const accepted = await call(t.app, 'POST', `/auth/invites/${invite_id}/accept`, member, { invite_id });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ invite_id, status: 'accepted' });
    const list = (await call(t.app, 'GET', `/auth/orgs/${orgId}/members`, member)).json().members;
    expect(list.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'organization_owner'],
      [member.email, 'organization_member'],
    ]);
    expect(list[1]).toMatchObject({ can_create_jobs: true, username: member.username });
  });

  it('lets a system administrator manage the members of any organization', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const newcomer = await makeUser(t);
    expect((await call(t.app, 'GET', `/auth/orgs/${orgId}/members`, admin)).statusCode).toBe(200);
    await addMember(t, admin, orgId, newcomer);
    const removed = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/${members[0].username}`, admin);
    expect(removed.json()).toEqual({ message: ORG_MESSAGES.removed });
    const remaining = (await membershipsOf(database, orgId)).map((m) => m.userId);
    expect(remaining.sort()).toEqual([owner.id, newcomer.id].sort());
  });

  it.each([
    [{ email: 'not-an-email' }, 400, 'Invalid email address'],
    [{ email: '' }, 400, 'Invalid email address'],
    [{}, 400, 'body.email'],
    [
      { email: 'x@example.com', role: 'organization_owner' },
      400,
      'New members are added with the organization_member role',
    ],
  ])('refuses to add %j', async (payload, status, message) => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    const before = await snapshot(orgId);
    const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(await snapshot(orgId)).toBe(before);
  });

  it('refuses a second membership, a malformed and an unknown organization', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const again = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, {
      email: members[0].email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORG_MESSAGES.alreadyMember);
    const malformed = await call(t.app, 'GET', '/auth/orgs/not-a-uuid/members', owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('params.orgId: Invalid organization id');
    const blank = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/%20`, owner);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('params.member: Member is required');
    const missing = await call(t.app, 'GET', `/auth/orgs/${MISSING_ORG}/members`, owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORG_MESSAGES.notFound);
  });

  it('refuses members and strangers who add, remove or look, and changes nothing', async () => {
    const { orgId, members } = await orgWithMembers(t, 2);
    const stranger = await makeUser(t);
    const before = await snapshot(orgId);
    for (const caller of [members[0], stranger]) {
      const add = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, caller, { email: stranger.email });
      expect(add.statusCode).toBe(403);
      expect(add.json().message).toBe(ORG_MESSAGES.managersOnly);
      const remove = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/${members[1].email}`, caller);
      expect(remove.statusCode).toBe(403);
      expect(remove.json().message).toBe(ORG_MESSAGES.managersOnly);
    }
    const look = await call(t.app, 'GET', `/auth/orgs/${orgId}/members`, stranger);
    expect(look.statusCode).toBe(403);
    expect(look.json().message).toBe(ORG_MESSAGES.notMember);
    expect(await snapshot(orgId)).toBe(before);
  });

  it('never removes the owner, not even for a system administrator', async () => {
    const { owner, orgId } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const before = await snapshot(orgId);
    for (const caller of [owner, admin]) {
      const res = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/${owner.email}`, caller);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORG_MESSAGES.ownerCannotBeRemoved);
    }
    const nonMember = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/${admin.email}`, owner);
    expect(nonMember.statusCode).toBe(404);
    expect(nonMember.json().message).toBe(ORG_MESSAGES.memberNotFound);
    expect(await snapshot(orgId)).toBe(before);
  });

  it('lets a member leave, but not the owner or a stranger', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const ownerLeaves = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/me`, owner);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().message).toBe(ORG_MESSAGES.ownerCannotLeave);
    const adminLeaves = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/me`, admin);
    expect(adminLeaves.statusCode).toBe(403);
    expect(adminLeaves.json().message).toBe(ORG_MESSAGES.notMember);
    expect(await membershipsOf(database, orgId)).toHaveLength(2);
    const left = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/me`, members[0]);
    expect(left.json()).toEqual({ message: ORG_MESSAGES.left });
    expect(await membershipsOf(database, orgId)).toMatchObject([{ userId: owner.id }]);
  });
});

describe('job permission', () => {
  it('is granted and revoked by the owner', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const url = `/auth/orgs/${orgId}/members/${members[0].email}/permissions`;
    const granted = await call(t.app, 'PATCH', url, owner, { can_create_jobs: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ email: members[0].email, can_create_jobs: true });
    const revoked = await call(t.app, 'PATCH', url, owner, { can_create_jobs: false });
    expect(revoked.json().can_create_jobs).toBe(false);
    expect(
      (await membershipsOf(database, orgId)).find((m) => m.userId === members[0].id)?.canCreateJobs,
    ).toBe(false);
  });

  it('is refused to administrators, members and strangers, and on the owner', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 2);
    const admin = await makeUser(t, { admin: true });
    const stranger = await makeUser(t);
    const before = await snapshot(orgId);
    const url = `/auth/orgs/${orgId}/members/${members[1].email}/permissions`;
    for (const caller of [admin, members[0], members[1], stranger]) {
      const res = await call(t.app, 'PATCH', url, caller, { can_create_jobs: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORG_MESSAGES.ownerOnly);
    }
    const onOwner = await call(
      t.app,
      'PATCH',
      `/auth/orgs/${orgId}/members/${owner.email}/permissions`,
      owner,
      {
        can_create_jobs: false,
      },
    );
    expect(onOwner.statusCode).toBe(409);
    expect(onOwner.json().message).toBe(ORG_MESSAGES.ownerAlwaysCreatesJobs);
    const invalid = await call(t.app, 'PATCH', url, owner, { can_create_jobs: 'true' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('body.can_create_jobs');
    expect(await snapshot(orgId)).toBe(before);
  });
});

describe('ownership transfer', () => {
  it('moves when the member accepts: they become the owner and the owner a member with the default permission', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1, false);
    const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, {
      target_email: members[0].email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: transferRequestedMessage(members[0].email) });
    const before = await snapshot(orgId);
    const request = (await call(t.app, 'GET', '/auth/orgs/mine', members[0])).json().organizations[0]
      .pending_transfer;
    expect(request).toEqual({
      request_id: expect.any(String),
      from_email: owner.email,
      to_email: members[0].email,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(request.expires_at) - Date.parse(request.created_at)).toBe(7 * 86_400_000);
    // The owner sees the same pending request; nothing has moved.
    const ownerView = (await call(t.app, 'GET', '/auth/orgs/mine', owner)).json().organizations[0];
    expect(ownerView).toMatchObject({ owner_id: owner.email, pending_transfer: request });
    expect(await snapshot(orgId)).toBe(before);

    const accepted = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/accept`, members[0], {
      request_id: request.request_id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: ownershipTransferredMessage(members[0].email) });
    const rows = await membershipsOf(database, orgId);
    expect(rows.find((m) => m.userId === members[0].id)).toMatchObject({ role: 'organization_owner' });
    expect(rows.find((m) => m.userId === owner.id)).toMatchObject({
      role: 'organization_member',
      canCreateJobs: false,
    });
    const org = (await call(t.app, 'GET', '/auth/orgs/mine', owner)).json().organizations[0];
    expect(org).toMatchObject({
      owner_id: members[0].email,
      role: 'organization_member',
      pending_transfer: null,
    });
  });

  it('is refused to everyone but the owner, and to targets outside the organization', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 2);
    const admin = await makeUser(t, { admin: true });
    const stranger = await makeUser(t);
    const before = await snapshot(orgId);
    const url = `/auth/orgs/${orgId}/transfer-request`;
    for (const caller of [admin, members[0], stranger]) {
      const res = await call(t.app, 'POST', url, caller, { target_email: members[1].email });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORG_MESSAGES.ownerOnly);
    }
    const outsider = await call(t.app, 'POST', url, owner, { target_email: stranger.email });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(ORG_MESSAGES.memberNotFound);
    const self = await call(t.app, 'POST', url, owner, { target_email: owner.email });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ORG_MESSAGES.alreadyOwner);
    const malformed = await call(t.app, 'POST', url, owner, { target_email: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('body.target_email: Invalid email address');
    expect(await snapshot(orgId)).toBe(before);
    const orgs = (await call(t.app, 'GET', '/auth/orgs/mine', owner)).json().organizations;
    expect(orgs[0].pending_transfer).toBeNull();
  });
});

describe('role changes by a system administrator', () => {
  it('refuses to demote the owner (promotions and additions wait for consent: consent.test.ts)', async () => {
    const { owner, orgId } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const before = await snapshot(orgId);
    const demote = await call(t.app, 'PATCH', `/auth/orgs/${orgId}/members/${owner.email}`, admin, {
      role: 'organization_member',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ORG_MESSAGES.ownerRequired);
    expect(await snapshot(orgId)).toBe(before);
  });

  it('is refused to owners and members, and validates the role', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const before = await snapshot(orgId);
    const url = `/auth/orgs/${orgId}/members/${members[0].email}`;
    for (const caller of [owner, members[0]]) {
      const res = await call(t.app, 'PATCH', url, caller, { role: 'organization_owner' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.required);
    }
    const bad = await call(t.app, 'PATCH', url, admin, { role: 'system_admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.role');
    const unknown = await call(t.app, 'PATCH', `/auth/orgs/${orgId}/members/ghost@example.com`, admin, {
      role: 'organization_member',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORG_MESSAGES.userNotFound);
    expect(await snapshot(orgId)).toBe(before);
  });
});

describe('deleting an organization', () => {
  it('is done by the owner or a system administrator and removes every membership', async () => {
    const admin = await makeUser(t, { admin: true });
    for (const by of ['owner', 'admin'] as const) {
      const { owner, orgId } = await orgWithMembers(t, 2);
      const res = await call(t.app, 'DELETE', `/auth/orgs/${orgId}`, by === 'owner' ? owner : admin);
      expect(res.json()).toEqual({ message: ORG_MESSAGES.deleted });
      expect(await membershipsOf(database, orgId)).toEqual([]);
      expect(await database.db.select().from(organizations).where(eq(organizations.id, orgId))).toEqual([]);
    }
  });

  it('is refused to members and strangers, and answers 404 for an unknown organization', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const stranger = await makeUser(t);
    const before = await snapshot(orgId);
    for (const caller of [members[0], stranger]) {
      const res = await call(t.app, 'DELETE', `/auth/orgs/${orgId}`, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORG_MESSAGES.managersOnly);
    }
    expect(await snapshot(orgId)).toBe(before);
    expect((await call(t.app, 'DELETE', `/auth/orgs/${MISSING_ORG}`, owner)).statusCode).toBe(404);
  });
});
