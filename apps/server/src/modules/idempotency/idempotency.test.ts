import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAY_HEADER, JOB_PATHS } from '@hivqe/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { postWithKey } from '../../../test/idempotent-create.ts';
import { createOrg, makeUser } from '../../../test/org-flows.ts';
import { h2Form, hybridPayload, iqmPayload, jobCount, jobUser } from '../../../test/job-flows.ts';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.ts';
import { organizations } from '../../db/schema/index.ts';
import { ABANDONED_CLAIM_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const payload = () => hybridPayload(h2Form());

describe('POST /hi-vqe/hybrid-jobs with an Idempotency-Key', () => {
  it('creates one job for two identical requests, and answers the second with the first response', async () => {
    const user = await jobUser(t);
    const first = await postWithKey(t.app, user, payload(), 'key-1');
    const second = await postWithKey(t.app, user, payload(), 'key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    expect(second.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(await jobCount(t.database.db, user.id)).toBe(1);
  });

  it('refuses the same key with another body (422) and creates nothing more', async () => {
    const user = await jobUser(t);
    expect((await postWithKey(t.app, user, payload(), 'key-2')).statusCode).toBe(201);
    const changed = await postWithKey(t.app, user, { ...payload(), job_name: 'another' }, 'key-2');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      message: IDEMPOTENCY_MESSAGES.keyReused,
      code: 'idempotency_key_reused',
    });
    // The same key on another create route is another request too.
    const admin = await jobUser(t, { admin: true });
    expect((await postWithKey(t.app, admin, payload(), 'key-3')).statusCode).toBe(201);
    const iqm = await postWithKey(t.app, admin, iqmPayload(), 'key-3', JOB_PATHS.iqmJobs);
    expect(iqm.statusCode).toBe(422);
    expect(await jobCount(t.database.db, user.id)).toBe(1);
    expect(await jobCount(t.database.db, admin.id)).toBe(1);
  });

  it('creates exactly one job for 10 simultaneous identical requests, each answered with it', async () => {
    const user = await jobUser(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postWithKey(t.app, user, payload(), 'key-concurrent')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await jobCount(t.database.db, user.id)).toBe(1);
  });

  it("keeps each user's keys apart, and without a key every request creates a job", async () => {
    const [one, two] = [await jobUser(t), await jobUser(t)];
    for (const user of [one, two])
      expect((await postWithKey(t.app, user, payload(), 'shared')).statusCode).toBe(201);
    expect(await jobCount(t.database.db, one.id)).toBe(1);
    expect(await jobCount(t.database.db, two.id)).toBe(1);
    for (let i = 0; i < 2; i += 1) await postWithKey(t.app, one, payload(), undefined);
    expect(await jobCount(t.database.db, one.id)).toBe(3);
  });

  it('keeps no answer for a refused request: its key is free again', async () => {
    const user = await jobUser(t);
    const notMember = { type: 'organization', organization_id: crypto.randomUUID() };
    const refused = await postWithKey(
      t.app,
      user,
      hybridPayload(h2Form(), { permission_source: notMember }),
      'key-x',
    );
    expect(refused.statusCode).toBe(403);
    const rows = await t.database.db.select().from(idempotencyKeys);
    expect(rows.some((row) => row.userId === user.id)).toBe(false);
    expect((await postWithKey(t.app, user, payload(), 'key-x')).statusCode).toBe(201);
  });

  it('lets a retry take over a claim whose request died unanswered ten minutes ago', async () => {
    const user = await jobUser(t);
    const hash = 'claim-of-a-process-that-died';
    const claim = (minutesAgo: number) =>
      t.database.db.insert(idempotencyKeys).values({
        userId: user.id,
        key: `dead-${minutesAgo}`,
        requestHash: hash,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await claim(ABANDONED_CLAIM_MS / 60_000 + 1);
    const retried = await postWithKey(t.app, user, payload(), `dead-${ABANDONED_CLAIM_MS / 60_000 + 1}`);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await jobCount(t.database.db, user.id)).toBe(1);
    const rows = await t.database.db.select().from(idempotencyKeys);
    expect(rows.find((row) => row.key === `dead-${ABANDONED_CLAIM_MS / 60_000 + 1}`)?.statusCode).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['a space', 'two words'],
    ['a tab', 'a\tb'],
    ['a control character', 'a\u0001b'],
    ['a DEL', 'a\u007fb'],
    ['non-ASCII', 'clé'],
    ['256 characters', 'k'.repeat(256)],
    ['10 kB', 'k'.repeat(10_240)],
  ])('refuses a key with %s (400) and creates nothing', async (_, key) => {
    const user = await jobUser(t);
    const res = await postWithKey(t.app, user, payload(), key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(IDEMPOTENCY_MESSAGES.invalidKey);
    expect(await jobCount(t.database.db, user.id)).toBe(0);
  });

  it('takes 255 visible ASCII characters', async () => {
    const user = await jobUser(t);
    const key = Array.from({ length: 255 }, (_, i) => String.fromCharCode(0x21 + (i % 94))).join('');
    expect((await postWithKey(t.app, user, payload(), key)).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on the other creates (issue 28 §4)', () => {
  it('creates one organization for a retried POST /auth/orgs, and refuses the key with another name', async () => {
    const owner = await makeUser(t);
    const mine = async () => {
      const [{ n }] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(organizations)
        .where(eq(organizations.ownerId, owner.id));
      return n;
    };
    const first = await postWithKey(t.app, owner, { name: 'Retried Lab' }, 'org-1', '/auth/orgs');
    const again = await postWithKey(t.app, owner, { name: 'Retried Lab' }, 'org-1', '/auth/orgs');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    const other = await postWithKey(t.app, owner, { name: 'Another Lab' }, 'org-1', '/auth/orgs');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused, code: 'idempotency_key_reused' });
    expect(await mine()).toBe(1);
    expect((await postWithKey(t.app, owner, { name: 'Lab' }, 'a b', '/auth/orgs')).statusCode).toBe(400);
    expect(await mine()).toBe(1);
  });

  it('sends one invitation and one mail for a retried invite, by Add Member or Invite Member, per organization', async () => {
    const owner = await makeUser(t);
    const orgId = await createOrg(t, owner, 'Inviting Lab');
    const invitee = `invitee-${crypto.randomUUID()}@example.com`;
    const mails = () => t.mailer.sent.filter((mail) => mail.to === invitee).length;
    const add = () =>
      postWithKey(t.app, owner, { email: invitee }, 'invite-1', `/auth/orgs/${orgId}/members`);
    const [first, again] = [await add(), await add()];
    expect(first.statusCode, first.body).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(mails()).toBe(1);
    // The same key on another organization's Add Member is another request: 422, nothing sent.
    const otherOrg = await createOrg(t, owner, 'Second Lab');
    const elsewhere = await postWithKey(
      t.app,
      owner,
      { email: invitee },
      'invite-1',
      `/auth/orgs/${otherOrg}/members`,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(mails()).toBe(1);
    const invite = () =>
      postWithKey(
        t.app,
        owner,
        { email: invitee },
        'invite-2',
        `/auth/invites/organization?org_id=${otherOrg}`,
      );
    const [sent, resent] = await Promise.all([invite(), invite()]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(resent.json()).toEqual(sent.json());
    expect(mails()).toBe(2);
  });
});
