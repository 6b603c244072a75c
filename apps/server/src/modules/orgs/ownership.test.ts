import { ORG_MESSAGES } from '@hivqe/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import {
  call,
  makeUser,
  membershipsOf,
  orgWithMembers,
  requestTransfer,
  type TestUser,
} from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { organizationMembers, ownershipTransfers } from '../../db/schema/index.ts';

/** Runs on PGlite, and on PostgreSQL when DATABASE_URL is set, where the requests truly run in parallel. */
let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({}, database);
});
afterAll(async () => {
  await t.close();
  await database.close();
});

async function owners(orgId: string): Promise<string[]> {
  return (await membershipsOf(database, orgId))
    .filter((m) => m.role === 'organization_owner')
    .map((m) => m.userId);
}

const answer = (user: TestUser, orgId: string, verb: 'accept' | 'decline', requestId: string) =>
  call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/${verb}`, user, { request_id: requestId });

describe('ownership under concurrent requests', () => {
  it('lets exactly one of several simultaneous transfer requests through, and one of its answers win', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 6);
    const requests = await Promise.all(
      members.map((member) =>
        call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, { target_email: member.email }),
      ),
    );
    const targets = members.filter((_, i) => requests[i].statusCode === 200);
    expect(targets).toHaveLength(1);
    for (const refused of requests.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ORG_MESSAGES.transferPending);
    }
    const [target] = targets;
    const { request_id: requestId } = (await call(t.app, 'GET', '/auth/orgs/mine', target)).json()
      .organizations[0].pending_transfer;
    // Two tabs accept, one declines, and the owner cancels, all at once: exactly one of them takes effect.
    const answers = await Promise.all([
      answer(target, orgId, 'accept', requestId),
      answer(target, orgId, 'accept', requestId),
      answer(target, orgId, 'decline', requestId),
      call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, owner),
    ]);
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const loser of answers.filter((a) => a.statusCode !== 200)) {
      expect([403, 409]).toContain(loser.statusCode);
    }
    const accepted = answers.slice(0, 2).some((a) => a.statusCode === 200);
    expect(await owners(orgId)).toEqual([accepted ? target.id : owner.id]);
    expect(await membershipsOf(database, orgId)).toHaveLength(7);
  });

  it('keeps one owner while administrators, owners and targets hand the organization around at once', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 4);
    const admin = await makeUser(t, { admin: true });
    const requestId = await requestTransfer(t, owner, orgId, members[0]);
    const answers = await Promise.all([
      answer(members[0], orgId, 'accept', requestId),
      ...members.map((member) =>
        call(t.app, 'PATCH', `/auth/orgs/${orgId}/members/${member.email}`, admin, {
          role: 'organization_owner',
        }),
      ),
      ...members.map((member) =>
        call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, member, { target_email: owner.email }),
      ),
      call(t.app, 'DELETE', `/auth/orgs/${orgId}/transfer-request`, owner),
    ]);
    expect(answers.every((a) => [200, 202, 403, 409].includes(a.statusCode))).toBe(true);
    expect(await owners(orgId)).toHaveLength(1);
    expect(await membershipsOf(database, orgId)).toHaveLength(5);
  });

  it('is guarded by the database too: a second owner row, and a second pending request, are rejected', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    await expect(
      database.db
        .update(organizationMembers)
        .set({ role: 'organization_owner' })
        .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, members[0].id))),
    ).rejects.toThrow();
    expect(await owners(orgId)).toHaveLength(1);
    await requestTransfer(t, owner, orgId, members[0]);
    await expect(
      database.db.insert(ownershipTransfers).values({
        orgId,
        fromUserId: owner.id,
        toUserId: members[0].id,
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toThrow();
  });
});
