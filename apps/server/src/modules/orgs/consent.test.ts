import {
  INVITE_MESSAGES,
  JOB_PATHS,
  memberInvitedMessage,
  ORG_MESSAGES,
  PRIORITY_MESSAGES,
  transferRequestedMessage,
} from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import { uniqueEmail } from '../../../test/harness.ts';
import { h2Form, hybridPayload, jobCount } from '../../../test/job-flows.ts';
import {
  addMember,
  call,
  createOrg,
  makeUser,
  membershipsOf,
  orgWithMembers,
  requestTransfer,
  subscribe,
  type TestUser,
} from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';

/**
 * Issue 24: nobody becomes a member or the owner of an organization, and nobody's subscription pays for
 * anyone's job, without that person's own action.
 */
let database: Database;
let t: TestApp;
let now: Date;
appPerTest((current) => ({ t, database } = current), { now: () => now });
// Each test starts at the real time; the expiry test moves the clock on.
const resetClock = () => (now = new Date());

async function snapshot(orgId: string) {
  return (await membershipsOf(database, orgId))
    .map((row) => `${row.userId}:${row.role}:${row.canCreateJobs}`)
    .sort()
    .join(',');
}

async function orgSeenBy(user: TestUser, orgId: string) {
  const res = await call(t.app, 'GET', '/auth/orgs/mine', user);
  return res.json().organizations.find((o: { org_id: string }) => o.org_id === orgId);
}

/** A job the attacker asks to bill to the organization. */
function jobBilledTo(user: TestUser, orgId: string) {
  return call(
    t.app,
    'POST',
    JOB_PATHS.hybridJobs,
    user,
    hybridPayload(h2Form(), { permission_source: { type: 'organization', organization_id: orgId } }),
  );
}

const answer = (user: TestUser, orgId: string, verb: 'accept' | 'decline', requestId: string) =>
  call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/${verb}`, user, { request_id: requestId });

const answerInvite = (user: TestUser, inviteId: string, verb: 'accept' | 'decline') =>
  call(t.app, 'POST', `/auth/invites/${inviteId}/${verb}`, user, { invite_id: inviteId });

describe('the billing hijack of issue 24', () => {
  it('never bills the subscribed victim: adding invites, a transfer waits, declining changes nothing', async () => {
    resetClock();
    const attacker = await makeUser(t, { tag: 'attacker' });
    const victim = await makeUser(t, { tag: 'victim' });
    await subscribe(database, victim);
    const orgId = await createOrg(t, attacker, 'Free Compute', true);

    const added = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, attacker, { email: victim.email });
    expect(added.statusCode).toBe(202);
    expect(added.json().message).toBe(memberInvitedMessage(victim.email));
    expect(t.mailer.sent.filter((mail) => mail.to === victim.email).at(-1)?.subject).toContain(
      'Free Compute',
    );
    // Not a member until they accept, so not a target of a transfer either.
    expect((await membershipsOf(database, orgId)).map((m) => m.userId)).toEqual([attacker.id]);
    const early = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, attacker, {
      target_email: victim.email,
    });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(ORG_MESSAGES.memberNotFound);
    const refused = await jobBilledTo(attacker, orgId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PRIORITY_MESSAGES.ownerSubscriptionInactive);

    // The victim declines the invitation: it can no longer be accepted, and nothing was granted.
    const inviteId = added.json().invitation.invite_id;
    const declined = await answerInvite(victim, inviteId, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ invite_id: inviteId, status: 'rejected' });
    const late = await answerInvite(victim, inviteId, 'accept');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(INVITE_MESSAGES.alreadyDeclined);
    expect((await membershipsOf(database, orgId)).map((m) => m.userId)).toEqual([attacker.id]);
    expect((await call(t.app, 'GET', '/auth/invites/mine', victim)).json().invitations).toEqual([]);

    // Even a victim who joins stays out of the bill until they accept the ownership themselves.
    await addMember(t, attacker, orgId, victim);
    const requestId = await requestTransfer(t, attacker, orgId, victim);
    expect(await orgSeenBy(victim, orgId)).toMatchObject({
      owner_id: attacker.email,
      role: 'organization_member',
      pending_transfer: { request_id: requestId, from_email: attacker.email, to_email: victim.email },
    });
    const pending = await jobBilledTo(attacker, orgId);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(PRIORITY_MESSAGES.ownerSubscriptionInactive);
    const before = await snapshot(orgId);
    const no = await answer(victim, orgId, 'decline', requestId);
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual({ message: ORG_MESSAGES.transferDeclined });
    expect(await snapshot(orgId)).toBe(before);
    expect((await orgSeenBy(victim, orgId)).pending_transfer).toBeNull();
    const yesAfterNo = await answer(victim, orgId, 'accept', requestId);
    expect(yesAfterNo.statusCode).toBe(409);
    expect(yesAfterNo.json().message).toBe(ORG_MESSAGES.transferNotPending);
    expect((await jobBilledTo(attacker, orgId)).statusCode).toBe(403);
    expect(await jobCount(database.db, attacker.id)).toBe(0);
  });

  it('answers Add Member the same for a known and an unknown address, and invites both', async () => {
    resetClock();
    const { owner, orgId } = await orgWithMembers(t, 0);
    const known = await makeUser(t);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known.email, unknown]) {
      const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, { email });
      const body = JSON.stringify(res.json())
        .replaceAll(email, 'EMAIL')
        .replace(/"invite_id":"[^"]+"/, '')
        .replace(/"(created_at|expires_at)":"[^"]+"/g, '');
      answers.push({ status: res.statusCode, keys: Object.keys(res.json()), body });
      const invitations = t.mailer.sent.filter((mail) => mail.to === email && /invited/.test(mail.subject));
      expect(invitations).toHaveLength(1);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe(202);
    expect(await membershipsOf(database, orgId)).toHaveLength(1);
  });

  it('takes only the fields of the spec: an extra field grants nothing', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const stranger = await makeUser(t);
    const add = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, {
      email: stranger.email,
      role: 'organization_member',
      status: 'accepted',
      can_create_jobs: true,
      user_id: stranger.id,
    });
    expect(add.statusCode).toBe(202);
    expect(add.json().invitation.status).toBe('pending');
    const transfer = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, {
      target_email: members[0].email,
      status: 'accepted',
      accepted: true,
    });
    expect(transfer.statusCode).toBe(200);
    const rows = await membershipsOf(database, orgId);
    expect(rows.map((m) => m.userId).sort()).toEqual([owner.id, members[0].id].sort());
    expect(rows.find((m) => m.role === 'organization_owner')?.userId).toBe(owner.id);
  });
});

describe('transfer requests', () => {
  it('lets only the target answer, and only the live request it names', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 2);
    const admin = await makeUser(t, { admin: true });
    const stranger = await makeUser(t);
    const requestId = await requestTransfer(t, owner, orgId, members[0]);
    const before = await snapshot(orgId);
    for (const [caller, status, message] of [
      [members[1], 403, ORG_MESSAGES.transferNotForYou],
      [owner, 403, ORG_MESSAGES.transferNotForYou],
      [admin, 403, ORG_MESSAGES.transferNotForYou],
      [stranger, 403, ORG_MESSAGES.notMember],
    ] as const) {
      for (const verb of ['accept', 'decline'] as const) {
        const res = await answer(caller, orgId, verb, requestId);
        expect(res.statusCode, `${verb} by ${caller.email}`).toBe(status);
        expect(res.json().message).toBe(message);
      }
    }
    const wrongId = await answer(members[0], orgId, 'accept', '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11');
    expect(wrongId.statusCode).toBe(409);
    expect(wrongId.json().message).toBe(ORG_MESSAGES.transferNotPending);
    for (const body of [{}, { request_id: 'not-a-uuid' }, { request_id: 7 }, { request_id: "' OR 1=1 --" }]) {
      const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/accept`, members[0], body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('body.request_id');
    }
    const noAuth = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/accept`, undefined, {
      request_id: requestId,
    });
    expect(noAuth.statusCode).toBe(401);
    expect(await snapshot(orgId)).toBe(before);
    expect((await orgSeenBy(owner, orgId)).pending_transfer.request_id).toBe(requestId);
  });

  it('allows one pending request at a time, which the owner can cancel', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 2);
    const requestId = await requestTransfer(t, owner, orgId, members[0]);
    const second = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, {
      target_email: members[1].email,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ORG_MESSAGES.transferPending);
    const byMember = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, members[0]);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(ORG_MESSAGES.managersOnly);
    const cancelled = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, owner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: ORG_MESSAGES.transferCancelled });
    const again = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORG_MESSAGES.transferNotPending);
    const late = await answer(members[0], orgId, 'accept', requestId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ORG_MESSAGES.transferNotPending);
    expect((await orgSeenBy(owner, orgId)).owner_id).toBe(owner.email);
    // Now another member may be asked.
    await requestTransfer(t, owner, orgId, members[1]);
  });

  it('expires after 7 days: it disappears, cannot be accepted, and a new one can be made', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const requestId = await requestTransfer(t, owner, orgId, members[0]);
    now = new Date(now.getTime() + 7 * 86_400_000 - 1000);
    expect((await orgSeenBy(members[0], orgId)).pending_transfer?.request_id).toBe(requestId);
    now = new Date(now.getTime() + 2000);
    expect((await orgSeenBy(members[0], orgId)).pending_transfer).toBeNull();
    const late = await answer(members[0], orgId, 'accept', requestId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ORG_MESSAGES.transferExpired);
    const cancel = await call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, owner);
    expect(cancel.statusCode).toBe(409);
    const renewed = await requestTransfer(t, owner, orgId, members[0]);
    expect(renewed).not.toBe(requestId);
    expect((await answer(members[0], orgId, 'accept', renewed)).statusCode).toBe(200);
    expect((await orgSeenBy(members[0], orgId)).owner_id).toBe(members[0].email);
  });

  it('dies when a newer request replaces it, and when the target has left', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 2);
    const admin = await makeUser(t, { admin: true });
    const stale = await requestTransfer(t, owner, orgId, members[0]);
    // A system administrator's role change asks too, replacing the owner's request.
    const promoted = await call(t.app, 'PATCH', `/auth/orgs/${orgId}/members/${members[1].email}`, admin, {
      role: 'organization_owner',
    });
    expect(promoted.statusCode).toBe(202);
    expect((await orgSeenBy(members[0], orgId)).pending_transfer.to_email).toBe(members[1].email);
    const res = await answer(members[0], orgId, 'accept', stale);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORG_MESSAGES.transferNotPending);
    const asked = (await orgSeenBy(members[1], orgId)).pending_transfer.request_id;
    expect((await answer(members[1], orgId, 'accept', asked)).statusCode).toBe(200);

    const requestId = await requestTransfer(t, members[1], orgId, members[0]);
    expect((await call(t.app, 'DELETE', `/auth/orgs/${orgId}/members/me`, members[0])).statusCode).toBe(200);
    const gone = await answer(members[0], orgId, 'accept', requestId);
    expect(gone.statusCode).toBe(403);
    expect(gone.json().message).toBe(ORG_MESSAGES.notMember);
    expect((await orgSeenBy(members[1], orgId)).owner_id).toBe(members[1].email);
  });
});

describe("a system administrator's role change (PATCH /auth/orgs/{id}/members/{member})", () => {
  it('makes nobody a member or the owner without their own action', async () => {
    resetClock();
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const admin = await makeUser(t, { admin: true });
    const outsider = await makeUser(t, { tag: 'outsider' });
    await subscribe(database, members[0]);
    const url = (who: string) => `/auth/orgs/${orgId}/members/${who}`;
    const before = await snapshot(orgId);

    // Owner: the same transfer request the owner would send, from the owner; nothing moves yet.
    const promoted = await call(t.app, 'PATCH', url(members[0].email), admin, { role: 'organization_owner' });
    expect(promoted.statusCode).toBe(202);
    expect(promoted.json()).toEqual({ message: transferRequestedMessage(members[0].email) });
    expect(await snapshot(orgId)).toBe(before);
    const pending = (await orgSeenBy(members[0], orgId)).pending_transfer;
    expect(pending).toMatchObject({ from_email: owner.email, to_email: members[0].email });
    // The target declines: nothing changes; asked again, they accept and only then own it.
    expect((await answer(members[0], orgId, 'decline', pending.request_id)).statusCode).toBe(200);
    expect(await snapshot(orgId)).toBe(before);
    expect(
      (await call(t.app, 'PATCH', url(members[0].email), admin, { role: 'organization_owner' })).statusCode,
    ).toBe(202);
    const again = (await orgSeenBy(members[0], orgId)).pending_transfer.request_id;
    expect((await answer(members[0], orgId, 'accept', again)).statusCode).toBe(200);
    expect((await orgSeenBy(owner, orgId)).owner_id).toBe(members[0].email);

    // Member, for someone who is not one: refused, pointing to Add Member; no row appears.
    const afterAccept = await snapshot(orgId);
    for (const role of ['organization_member', 'organization_owner'] as const) {
      const added = await call(t.app, 'PATCH', url(outsider.email), admin, { role });
      expect(added.statusCode).toBe(409);
      expect(added.json().message).toBe(ORG_MESSAGES.roleNeedsMembership);
    }
    expect(await snapshot(orgId)).toBe(afterAccept);
    expect((await call(t.app, 'GET', '/auth/orgs/mine', outsider)).json().organizations).toEqual([]);

    // What binds nobody new still answers at once: a member stays a member.
    const same = await call(t.app, 'PATCH', url(owner.email), admin, { role: 'organization_member' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: owner.email, role: 'organization_member' });
  });
});

describe('invitations answered in the console', () => {
  it('are answered only by their invitee; others are told they do not exist', async () => {
    resetClock();
    const { owner, orgId } = await orgWithMembers(t, 0);
    const invitee = await makeUser(t);
    const other = await makeUser(t);
    const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, { email: invitee.email });
    const inviteId = res.json().invitation.invite_id;
    for (const caller of [other, owner]) {
      for (const verb of ['accept', 'decline'] as const) {
        const answered = await answerInvite(caller, inviteId, verb);
        expect(answered.statusCode).toBe(404);
        expect(answered.json().message).toBe(INVITE_MESSAGES.notFound);
      }
      expect((await call(t.app, 'GET', '/auth/invites/mine', caller)).json().invitations).toEqual([]);
    }
    const mismatch = await call(t.app, 'POST', `/auth/invites/${inviteId}/accept`, invitee, {
      invite_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(INVITE_MESSAGES.idMismatch);
    expect((await call(t.app, 'GET', '/auth/invites/mine')).statusCode).toBe(401);
    expect(await membershipsOf(database, orgId)).toHaveLength(1);
  });

  it('refuse a cancelled or expired invitation, and let two simultaneous accepts make one membership', async () => {
    resetClock();
    const { owner, orgId } = await orgWithMembers(t, 0);
    const [cancelledFor, expiredFor, racer] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const inviteOf = async (user: TestUser) =>
      (await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, { email: user.email })).json()
        .invitation.invite_id as string;
    const cancelled = await inviteOf(cancelledFor);
    await call(t.app, 'POST', `/auth/invites/${cancelled}/cancel`, owner, {
      invite_id: cancelled,
      reason: 'Cancelled by admin',
    });
    const c = await answerInvite(cancelledFor, cancelled, 'accept');
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe(INVITE_MESSAGES.cancelled);

    const raced = await inviteOf(racer);
    const answers = await Promise.all([1, 2, 3].map(() => answerInvite(racer, raced, 'accept')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await membershipsOf(database, orgId)).filter((m) => m.userId === racer.id)).toHaveLength(1);

    const expired = await inviteOf(expiredFor);
    now = new Date(now.getTime() + 7 * 86_400_000 + 1000);
    expect((await call(t.app, 'GET', '/auth/invites/mine', expiredFor)).json().invitations).toEqual([]);
    const e = await answerInvite(expiredFor, expired, 'accept');
    expect(e.statusCode).toBe(400);
    expect(e.json().message).toBe(INVITE_MESSAGES.expired);
    expect(await membershipsOf(database, orgId)).toHaveLength(2);
  });
});

describe('job-permission sources', () => {
  it('list an organization only once its member accepted, and bill its owner only after they accepted', async () => {
    resetClock();
    const owner = await makeUser(t, { tag: 'payer' });
    await subscribe(database, owner);
    const orgId = await createOrg(t, owner, 'Paid Lab', true);
    const guest = await makeUser(t);
    const added = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, owner, { email: guest.email });
    const sources = async () =>
      (await call(t.app, 'GET', '/auth/me/job-permission', guest)).json().available_sources;
    expect(await sources()).toEqual([]);
    const inviteId = added.json().invitation.invite_id;
    expect((await answerInvite(guest, inviteId, 'accept')).statusCode).toBe(200);
    expect(await sources()).toEqual([
      expect.objectContaining({ organization_id: orgId, billed_to: owner.email }),
    ]);
  });
});
