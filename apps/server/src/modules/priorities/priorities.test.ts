import { PRIORITY_MESSAGES } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import { uniqueEmail, type TestApp } from '../../../test/harness.ts';
import {
  addMember,
  call,
  createOrg,
  makeUser,
  orgWithMembers,
  subscribe,
  type TestUser,
} from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/index.ts';
import { AuditLog } from '../audit/service.ts';
import { AuditRepo } from '../audit/repo.ts';
import { AuthRepo } from '../auth/repo.ts';
import { PrioritiesRepo } from './repo.ts';
import { PrioritiesService } from './service.ts';
import { SubscriptionsRepo } from './subscriptions.ts';

const INTERNAL_DOMAIN = 'company.test';
let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current), {
  internalEmailDomain: INTERNAL_DOMAIN,
  companyName: 'acme',
});

const priorities = async (user: TestUser) =>
  (await call(t.app, 'GET', '/auth/me/organization-priorities', user)).json();
const jobPermission = async (user: TestUser) =>
  (await call(t.app, 'GET', '/auth/me/job-permission', user)).json();
const save = (user: TestUser, orgIds: string[]) =>
  call(t.app, 'PUT', '/auth/me/organization-priorities', user, {
    priorities: orgIds.map((organization_id, i) => ({ organization_id, priority: i + 1 })),
  });
const orderOf = (body: { priorities: { organization_id?: string }[] }) =>
  body.priorities.map((p) => p.organization_id ?? 'individual');

/** An organization whose owner has an active subscription and in which `member` may create jobs. */
async function validOrg(member: TestUser, name: string) {
  const owner = await makeUser(t, { tag: 'owner' });
  await subscribe(database, owner);
  const orgId = await createOrg(t, owner, name, true);
  await addMember(t, owner, orgId, member);
  return { owner, orgId };
}

async function storedPriorities(user: TestUser) {
  const rows = await database.db
    .select({ orgId: organizationMembers.orgId, priority: organizationMembers.priority })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, user.id));
  return rows.sort((a, b) => a.orgId.localeCompare(b.orgId));
}

describe('GET /auth/me/organization-priorities and /auth/me/job-permission', () => {
  it('answers a user without any source', async () => {
    const user = await makeUser(t);
    expect(await priorities(user)).toEqual({
      priorities: [
        {
          type: 'individual',
          organization_name: null,
          role: null,
          can_create_jobs: false,
          is_valid: false,
          joined_at: null,
          owner_email: user.email,
          priority: 1,
          execution_context: 'marketplace',
          marketplace_subscription: { active: false, verified_at: null },
        },
      ],
      individual_marketplace_subscription: { active: false, email: user.email, verified_at: null },
      active_source: null,
    });
    expect(await jobPermission(user)).toEqual({
      can_create_jobs: false,
      source: null,
      available_sources: [],
      message: PRIORITY_MESSAGES.noSource,
    });
  });

  it.each([
    ['active', null, true],
    ['pending_cancel', null, true],
    ['active', new Date(Date.now() + 86_400_000), true],
    ['active', new Date(Date.now() - 1000), false],
    ['inactive', null, false],
    ['pending', null, false],
  ] as const)(
    'counts a personal subscription %s expiring %s as active: %s',
    async (status, expiresAt, active) => {
      const user = await makeUser(t);
      await subscribe(database, user, { status, expiresAt });
      const body = await priorities(user);
      expect(body.individual_marketplace_subscription.active).toBe(active);
      expect(body.active_source?.type ?? null).toBe(active ? 'individual' : null);
      expect((await jobPermission(user)).can_create_jobs).toBe(active);
    },
  );

  it("tells valid organizations from those without permission or without the owner's subscription", async () => {
    const user = await makeUser(t);
    const { orgId: valid } = await validOrg(user, 'Valid');
    const noPermission = await orgWithMembers(t, 0, false);
    await subscribe(database, noPermission.owner);
    await addMember(t, noPermission.owner, noPermission.orgId, user);
    const lapsed = await orgWithMembers(t, 0, true);
    await subscribe(database, lapsed.owner, { status: 'inactive' });
    await addMember(t, lapsed.owner, lapsed.orgId, user);
    const owned = await createOrg(t, user, 'Mine');

    const body = await priorities(user);
    const entry = (id: string) =>
      body.priorities.find((p: { organization_id?: string }) => p.organization_id === id);
    expect(entry(valid)).toMatchObject({
      is_valid: true,
      role: 'organization_member',
      can_create_jobs: true,
    });
    expect(entry(noPermission.orgId)).toMatchObject({ is_valid: false, can_create_jobs: false });
    expect(entry(lapsed.orgId)).toMatchObject({
      is_valid: false,
      can_create_jobs: true,
      marketplace_subscription: { active: false, verified_at: null },
    });
    expect(entry(owned)).toMatchObject({
      is_valid: false,
      role: 'organization_owner',
      can_create_jobs: true,
    });
    expect(orderOf(body)).toEqual([valid, noPermission.orgId, lapsed.orgId, owned, 'individual']);
    expect(await jobPermission(user)).toMatchObject({
      can_create_jobs: true,
      source: { type: 'organization', organization_id: valid, organization_name: 'Valid' },
      available_sources: [expect.objectContaining({ organization_id: valid })],
    });
  });
});

describe('PUT /auth/me/organization-priorities', () => {
  it('reorders the valid organizations, changes the active source, and resets to join order', async () => {
    const user = await makeUser(t);
    const { orgId: first } = await validOrg(user, 'First');
    const { orgId: second } = await validOrg(user, 'Second');
    await subscribe(database, user);
    expect(orderOf(await priorities(user))).toEqual([first, second, 'individual']);

    const saved = await save(user, [second, first]);
    expect(saved.statusCode).toBe(200);
    expect(orderOf(saved.json())).toEqual([second, first, 'individual']);
    expect(saved.json().active_source).toMatchObject({
      organization_id: second,
      organization_name: 'Second',
    });
    expect((await jobPermission(user)).available_sources.map((s: { type: string }) => s.type)).toEqual([
      'organization',
      'organization',
      'individual',
    ]);
    expect((await jobPermission(user)).source.organization_id).toBe(second);

    const reset = await call(t.app, 'PUT', '/auth/me/organization-priorities', user, { priorities: [] });
    expect(orderOf(reset.json())).toEqual([first, second, 'individual']);
    expect((await storedPriorities(user)).map((row) => row.priority)).toEqual([null, null]);
  });

  it('refuses organizations that are not valid or not the member’s, and changes nothing', async () => {
    const user = await makeUser(t);
    const { orgId: valid } = await validOrg(user, 'Valid');
    const invalid = await orgWithMembers(t, 0, false);
    await addMember(t, invalid.owner, invalid.orgId, user);
    const foreign = await orgWithMembers(t, 0, true);
    await save(user, [valid]);
    const before = await storedPriorities(user);

    const notValid = await save(user, [invalid.orgId, valid]);
    expect(notValid.statusCode).toBe(400);
    expect(notValid.json().message).toContain(`cannot be selected: ${PRIORITY_MESSAGES.noJobPermission}`);
    const notMine = await save(user, [foreign.orgId]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(`${PRIORITY_MESSAGES.notMember} (${foreign.orgId})`);
    expect(await storedPriorities(user)).toEqual(before);
  });

  it.each([
    [{}, 'body.priorities'],
    [{ priorities: [{ organization_id: 'abc', priority: 1 }] }, 'Invalid organization id'],
    [
      { priorities: [{ organization_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 0 }] },
      'body.priorities.0.priority',
    ],
    [
      { priorities: [{ organization_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 1.5 }] },
      'body.priorities.0.priority',
    ],
    [
      {
        priorities: [
          { organization_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 1 },
          { organization_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 2 },
        ],
      },
      PRIORITY_MESSAGES.duplicateOrganization,
    ],
    [
      {
        priorities: [
          { organization_id: '7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 1 },
          { organization_id: '8b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', priority: 1 },
        ],
      },
      PRIORITY_MESSAGES.duplicatePriority,
    ],
  ])('validates %j', async (payload, message) => {
    const user = await makeUser(t);
    const res = await call(t.app, 'PUT', '/auth/me/organization-priorities', user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/auth/me/organization-priorities')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'PUT', '/auth/me/organization-priorities', undefined, { priorities: [] }))
        .statusCode,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/auth/me/job-permission')).statusCode).toBe(401);
  });
});

describe('the internal company domain', () => {
  it('gives internal accounts direct execution ahead of everything else', async () => {
    const user = await makeUser(t, { email: `${uniqueEmail('staff').split('@')[0]}@${INTERNAL_DOMAIN}` });
    await validOrg(user, 'Customer');
    const domain = {
      type: 'acme_domain',
      organization_id: null,
      organization_name: null,
      execution_context: 'direct',
      billed_to: null,
      marketplace_subscription: null,
    };
    expect((await priorities(user)).active_source).toEqual(domain);
    expect(await jobPermission(user)).toMatchObject({ can_create_jobs: true, source: domain, message: null });
  });

  it("runs an internal owner's organization directly, with no subscription needed", async () => {
    const staff = await makeUser(t, { email: `${uniqueEmail('staff').split('@')[0]}@${INTERNAL_DOMAIN}` });
    const orgId = await createOrg(t, staff, 'Research', true);
    const guest = await makeUser(t);
    await addMember(t, staff, orgId, guest);
    expect((await priorities(guest)).priorities[0]).toMatchObject({
      organization_id: orgId,
      is_valid: true,
      execution_context: 'direct',
      marketplace_subscription: { active: false },
    });
    expect((await jobPermission(guest)).source).toMatchObject({
      organization_id: orgId,
      execution_context: 'direct',
      billed_to: null,
    });
  });
});

describe('resolveSource, for the jobs module', () => {
  function service() {
    return new PrioritiesService({
      repo: new PrioritiesRepo(database.db),
      subscriptions: new SubscriptionsRepo(database.db),
      users: new AuthRepo(database.db),
      audit: new AuditLog(new AuditRepo(database.db)),
      internalEmailDomain: INTERNAL_DOMAIN,
      companyName: 'acme',
    });
  }

  it('answers the active source, or a requested one that is valid now', async () => {
    const user = await makeUser(t);
    const { orgId: first } = await validOrg(user, 'First');
    const { orgId: second } = await validOrg(user, 'Second');
    await subscribe(database, user);
    const sources = service();
    expect(await sources.resolveSource(user.id)).toMatchObject({ organization_id: first });
    expect(
      await sources.resolveSource(user.id, { type: 'organization', organization_id: second }),
    ).toMatchObject({
      organization_id: second,
    });
    expect(await sources.resolveSource(user.id, { type: 'individual' })).toMatchObject({
      type: 'individual',
      billed_to: user.email,
    });
  });

  it('refuses with 403 and the reason', async () => {
    const user = await makeUser(t);
    const invalid = await orgWithMembers(t, 0, false);
    await subscribe(database, invalid.owner);
    await addMember(t, invalid.owner, invalid.orgId, user);
    const sources = service();
    const refusal = (message: string) => expect.objectContaining({ statusCode: 403, message });
    await expect(sources.resolveSource(user.id)).rejects.toEqual(refusal(PRIORITY_MESSAGES.noSource));
    await expect(
      sources.resolveSource(user.id, { type: 'organization', organization_id: invalid.orgId }),
    ).rejects.toEqual(refusal(PRIORITY_MESSAGES.noJobPermission));
    await expect(sources.resolveSource(user.id, { type: 'individual' })).rejects.toEqual(
      refusal(PRIORITY_MESSAGES.personalInactive),
    );
    await expect(sources.resolveSource(user.id, { type: 'acme_domain' })).rejects.toEqual(
      refusal(PRIORITY_MESSAGES.internalOnly),
    );
    await expect(sources.resolveSource('7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11')).rejects.toEqual(
      refusal(PRIORITY_MESSAGES.noSource),
    );
  });
});
