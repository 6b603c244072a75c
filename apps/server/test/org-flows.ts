import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { marketplaceSubscriptions, organizationMembers, users } from '../src/db/schema/index.ts';
import { bearer, signUp } from './auth-flows.ts';
import { uniqueEmail, type TestApp } from './harness.ts';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  token: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as `user` (or anonymously). */
export function call(app: FastifyInstance, method: Method, url: string, user?: TestUser, payload?: object) {
  return app.inject({ method, url: `/api/v1${url}`, payload, headers: user ? bearer(user.token) : {} });
}

/** A signed-in, confirmed user; `admin` also makes them a system administrator. */
export async function makeUser(t: TestApp, { tag = 'user', admin = false, email = uniqueEmail(tag) } = {}) {
  const login = await signUp(t.app, t.mailer, email);
  const [row] = await t.database.db
    .update(users)
    .set({ isSystemAdmin: admin })
    .where(eq(users.email, email))
    .returning();
  return { id: row.id, email, username: row.username, token: login.access_token } satisfies TestUser;
}

export async function createOrg(t: TestApp, owner: TestUser, name = 'Org', defaultCanCreateJobs = false) {
  const res = await call(t.app, 'POST', '/auth/orgs', owner, {
    name,
    default_can_create_jobs: defaultCanCreateJobs,
  });
  expect(res.statusCode).toBe(201);
  return res.json().org_id as string;
}

/** Add Member sends an invitation (issue 24); the member accepts it in the console, which makes them one. */
export async function addMember(t: TestApp, manager: TestUser, orgId: string, member: TestUser) {
  const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/members`, manager, { email: member.email });
  expect(res.statusCode, res.body).toBe(202);
  const { invite_id } = res.json().invitation;
  const accepted = await call(t.app, 'POST', `/auth/invites/${invite_id}/accept`, member, { invite_id });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** The owner asks `target`, a member, to take the organization over; returns the request's id. */
export async function requestTransfer(t: TestApp, owner: TestUser, orgId: string, target: TestUser) {
  const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request`, owner, {
    target_email: target.email,
  });
  expect(res.statusCode, res.body).toBe(200);
  return pendingTransferId(t, orgId, target);
}

/** The id of the transfer request pending for `target` in the organization, as their console reads it. */
async function pendingTransferId(t: TestApp, orgId: string, target: TestUser) {
  const mine = await call(t.app, 'GET', '/auth/orgs/mine', target);
  const org = mine.json().organizations.find((o: { org_id: string }) => o.org_id === orgId);
  return org.pending_transfer.request_id as string;
}

/** `target` accepts the transfer request pending for them, whoever opened it. */
export async function acceptTransfer(t: TestApp, target: TestUser, orgId: string) {
  const res = await call(t.app, 'POST', `/auth/orgs/${orgId}/transfer-request/accept`, target, {
    request_id: await pendingTransferId(t, orgId, target),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A transfer as it completes: the owner asks, the target accepts. */
export async function transferOwnership(t: TestApp, owner: TestUser, orgId: string, target: TestUser) {
  await requestTransfer(t, owner, orgId, target);
  await acceptTransfer(t, target, orgId);
}

/** An organization owned by a new user, with `count` new members. */
export async function orgWithMembers(t: TestApp, count: number, defaultCanCreateJobs = false) {
  const owner = await makeUser(t, { tag: 'owner' });
  const orgId = await createOrg(t, owner, `Org of ${owner.email}`, defaultCanCreateJobs);
  const members: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const member = await makeUser(t, { tag: 'member' });
    await addMember(t, owner, orgId, member);
    members.push(member);
  }
  return { owner, orgId, members };
}

/** The membership rows of an organization, as the database holds them. */
export async function membershipsOf(database: Database, orgId: string) {
  return database.db.select().from(organizationMembers).where(eq(organizationMembers.orgId, orgId));
}

/** What the marketplace integration will write: a subscription for `user`. */
export async function subscribe(
  database: Database,
  user: TestUser,
  {
    status = 'active',
    expiresAt = null,
    verifiedAt = new Date('2026-01-02T03:04:05Z'),
  }: Partial<Pick<typeof marketplaceSubscriptions.$inferInsert, 'status' | 'expiresAt' | 'verifiedAt'>> = {},
) {
  await database.db
    .insert(marketplaceSubscriptions)
    .values({ userId: user.id, status, expiresAt, verifiedAt })
    .onConflictDoUpdate({ target: marketplaceSubscriptions.userId, set: { status, expiresAt, verifiedAt } });
}
