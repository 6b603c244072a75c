import { INVITE_MESSAGES } from '@hivqe/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { call, createOrg, makeUser, subscribe, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { DEFAULT_MAIL_BUDGET } from './rules.ts';

const hour = 60 * 60_000;

let database: Database;
let t: TestApp;
/** The app's clock: frozen unless a test moves it. */
let now: Date;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  now = new Date('2026-03-01T12:00:00Z');
  t = await createTestApp({ mailBudget: DEFAULT_MAIL_BUDGET, now: () => now }, database);
});
afterEach(async () => t.close());

const inviteToOrg = (owner: TestUser, orgId: string, email: string, message?: string) =>
  call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, owner, {
    email,
    ...(message === undefined ? {} : { message }),
  });
const resend = (by: TestUser, inviteId: string) =>
  call(t.app, 'POST', `/auth/invites/${inviteId}/resend`, by, { invite_id: inviteId });
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/** An organization owner with no subscription (nobody pays for anything they send). */
async function ownerWithOrg() {
  const owner = await makeUser(t, { tag: 'owner' });
  return { owner, orgId: await createOrg(t, owner, `Org of ${owner.email}`) };
}

describe('who may write an invitation message (issue 24, 2)', () => {
  it('refuses a message from a user with no subscription, and sends nothing', async () => {
    const { owner, orgId } = await ownerWithOrg();
    const email = uniqueEmail('target');
    const res = await inviteToOrg(owner, orgId, email, 'Click here to claim your prize');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: INVITE_MESSAGES.messageNotAllowed, code: 'forbidden' });
    expect(t.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(0);
    // The standard invitation, without words of their own, still goes.
    expect((await inviteToOrg(owner, orgId, email)).statusCode).toBe(201);
  });

  it('lets a subscribed user and a system administrator add one', async () => {
    const { owner, orgId } = await ownerWithOrg();
    await subscribe(database, owner);
    const email = uniqueEmail('welcome');
    expect((await inviteToOrg(owner, orgId, email, 'Welcome to the team')).statusCode).toBe(201);
    expect(t.mailer.sent.findLast((mail) => mail.to === email)!.text).toContain('Welcome to the team');
    const admin = await makeUser(t, { admin: true });
    const byAdmin = await call(t.app, 'POST', '/auth/invites/system', admin, {
      email: uniqueEmail('staff'),
      role: 'organization_member',
      message: 'Welcome aboard',
    });
    expect(byAdmin.statusCode).toBe(201);
  });
});

describe('the invitation budget (issue 24, 2)', () => {
  it('bounds the invitation mails one address receives; a refused resend leaves the old link working', async () => {
    const { owner, orgId } = await ownerWithOrg();
    const email = uniqueEmail('flooded');
    const created = await inviteToOrg(owner, orgId, email);
    const inviteId = created.json().invite_id as string;
    const { limit } = DEFAULT_MAIL_BUDGET.invitationsPerRecipient;
    for (let i = 1; i < limit; i += 1) expect((await resend(owner, inviteId)).statusCode).toBe(200);
    const lastLink = t.mailer.sent.findLast((mail) => mail.to === email)!.text.match(/token=([\w-]+)/)![1];
    const refused = await resend(owner, inviteId);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().message).toBe('Too many requests. Please try again in 60 minutes.');
    expect(t.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(limit);
    expect((await post(t.app, '/auth/invites/lookup', { token: lastLink })).statusCode).toBe(200);
    advance(hour);
    expect((await resend(owner, inviteId)).statusCode).toBe(200);
  });

  it('bounds the new addresses one account invites in a day', async () => {
    const { owner, orgId } = await ownerWithOrg();
    const { limit } = DEFAULT_MAIL_BUDGET.newRecipientsPerSender;
    for (let i = 0; i < limit; i += 1) {
      expect((await inviteToOrg(owner, orgId, uniqueEmail('reach'))).statusCode).toBe(201);
      advance(hour / limit);
    }
    const next = uniqueEmail('one-too-many');
    const refused = await inviteToOrg(owner, orgId, next);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITE_MESSAGES.newRecipientsPerDay(limit, 23 * 60));
    expect(refused.headers['retry-after']).toBe(String(23 * 60 * 60));
    expect(t.mailer.sent.filter((mail) => mail.to === next)).toHaveLength(0);
    advance(23 * hour);
    expect((await inviteToOrg(owner, orgId, next)).statusCode).toBe(201);
  });

  it('bounds the invitation mails one account causes in an hour', async () => {
    const admin = await makeUser(t, { admin: true });
    const { limit } = DEFAULT_MAIL_BUDGET.invitationsPerSender;
    const invite = (email: string) =>
      call(t.app, 'POST', '/auth/invites/system', admin, { email, role: 'organization_member' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await invite(uniqueEmail('few'))).json().invite_id);
    // Resends to the same few addresses: no new recipient, but each one a mail.
    for (let i = ids.length; i < limit; i += 1) {
      expect((await resend(admin, ids[i % ids.length])).statusCode).toBe(200);
    }
    const refused = await resend(admin, ids[0]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(3600);
  });
});

describe('codes on the unauthenticated routes (issue 24, 2)', () => {
  it('bounds the codes asked from one client address, whatever the addresses, alike for unknown ones', async () => {
    const ip = '198.51.100.77';
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email },
        remoteAddress: ip,
      });
    const { limit } = DEFAULT_MAIL_BUDGET.codesPerIp;
    for (let i = 0; i < limit; i += 1) expect((await ask(uniqueEmail('spray'))).statusCode).toBe(200);
    const refused = await ask(uniqueEmail('spray'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
  });
});
