import { ORG_MESSAGES } from '@hivqe/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { call, makeUser, membershipsOf, orgWithMembers } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/index.ts';

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

describe('ownership under concurrent requests', () => {
  it('lets exactly one of several simultaneous transfers win', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 6);
    const answers = await Promise.all(
      members.map((member) =>
        call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, { target_email: member.email }),
      ),
    );
    const winners = members.filter((_, i) => answers[i].statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(ORG_MESSAGES.ownerOnly);
    }
    expect(await owners(orgId)).toEqual([winners[0].id]);
    expect(await membershipsOf(database, orgId)).toHaveLength(7);
  });

  it('keeps one owner while administrators and owners hand the organization around at once', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 4);
    const admin = await makeUser(t, { admin: true });
    const answers = await Promise.all([
      ...members.map((member) =>
        call(t.app, 'PATCH', `/auth/orgs/${orgId}/members/${member.email}`, admin, {
          role: 'organization_owner',
        }),
      ),
      ...members.map((member) =>
        call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, { target_email: member.email }),
      ),
      ...members.map((member) =>
        call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, member, { target_email: owner.email }),
      ),
    ]);
    expect(answers.every((a) => [200, 403].includes(a.statusCode))).toBe(true);
    expect(await owners(orgId)).toHaveLength(1);
    expect(await membershipsOf(database, orgId)).toHaveLength(5);
  });

  it('is guarded by the database too: a second owner row is rejected', async () => {
    const { orgId, members } = await orgWithMembers(t, 1);
    await expect(
      database.db
        .update(organizationMembers)
        .set({ role: 'organization_owner' })
        .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, members[0].id))),
    ).rejects.toThrow();
    expect(await owners(orgId)).toHaveLength(1);
  });
});
