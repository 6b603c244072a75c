import { ADMIN_MESSAGES, BRAND } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, post } from '../../../test/auth-flows.ts';
import { appPerTest } from '../../../test/app-per-test.ts';
import { uniqueEmail, type TestApp } from '../../../test/harness.ts';
import {
  acceptTransfer,
  addMember,
  call,
  createOrg,
  makeUser,
  transferOwnership,
  type TestUser,
} from '../../../test/org-flows.ts';

let t: TestApp;
appPerTest((current) => ({ t } = current));

const LOGS = `/computing/${BRAND.logEngine}/logs`;

async function search(admin: TestUser, query: string, doubled = false) {
  const res = await call(t.app, 'GET', `${doubled ? '/api/v1' : ''}${LOGS}?${query}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the audit log at /logs', () => {
  it('records who changed what, when and from where, and finds it by text', async () => {
    const admin = await makeUser(t, { admin: true });
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const name = `Audited ${Date.now()}`;
    const orgId = await createOrg(t, owner, name);
    await addMember(t, owner, orgId, member);
    await transferOwnership(t, owner, orgId, member);
    await call(t.app, 'POST', `/auth/invites/organization?org_id=${orgId}`, member, {
      email: uniqueEmail('guest'),
    });
    await call(t.app, 'PUT', '/auth/me/organization-priorities', owner, { priorities: [] });
    await call(t.app, 'PUT', `/auth/admin/users/${owner.email}/system-admin`, admin, {
      is_system_admin: true,
    });

    const body = await search(admin, `search=${encodeURIComponent(name)}`);
    expect(body.logs.map((log: { action: string }) => log.action)).toEqual([
      'invitation.create',
      'ownership.transfer',
      'ownership.request',
      'invitation.accept',
      'invitation.create',
      'organization.create',
    ]);
    expect(body.total).toBe(6);
    expect(body.current_page).toBe(1);
    expect(body.logs.at(-1)).toEqual({
      id: expect.any(String),
      timestamp: expect.any(String),
      actor_email: owner.email,
      action: 'organization.create',
      summary: `created the organization "${name}"`,
      target_type: 'organization',
      target_id: orgId,
      target_label: name,
      details: { default_can_create_jobs: false },
      ip_address: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
    expect(body.logs[1]).toMatchObject({
      actor_email: member.email,
      details: { from: owner.email, to: member.email },
      summary: `accepted the ownership of "${name}" from ${owner.email}`,
    });
    expect(body.logs[2]).toMatchObject({
      actor_email: owner.email,
      summary: `asked ${member.email} to take over the ownership of "${name}"`,
    });

    const byActor = await search(admin, `search=${encodeURIComponent(owner.email)}`);
    expect(byActor.logs.map((log: { action: string }) => log.action)).toEqual(
      expect.arrayContaining(['priorities.reset', 'user.system_admin']),
    );
    const words = await search(admin, `search=${encodeURIComponent(`${member.email} ownership`)}`);
    expect(words.logs.map((log: { action: string }) => log.action)).toEqual([
      'ownership.transfer',
      'ownership.request',
    ]);
  });

  it('reads each entry as a sentence that names the member, invitee or user it was about', async () => {
    const admin = await makeUser(t, { admin: true });
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const guest = uniqueEmail('guest');
    const orgId = await createOrg(t, owner, 'Sentences');
    const steps: [TestUser, Parameters<typeof call>[1], string, object][] = [
      [owner, 'PATCH', `/auth/orgs/${orgId}`, { name: 'Sentence Lab' }],
      [owner, 'PATCH', `/auth/orgs/${orgId}/members/${member.email}/permissions`, { can_create_jobs: true }],
      [
        owner,
        'POST',
        `/auth/invites/organization?org_id=${orgId}`,
        { email: guest, role: 'organization_owner' },
      ],
      [admin, 'PUT', `/auth/admin/users/${member.email}/system-admin`, { is_system_admin: true }],
      [admin, 'PUT', `/auth/admin/users/${member.email}/system-admin`, { is_system_admin: false }],
      [admin, 'PATCH', `/auth/orgs/${orgId}/members/${member.email}`, { role: 'organization_owner' }],
      [member, 'PATCH', `/auth/orgs/${orgId}/members/${owner.email}/permissions`, { can_create_jobs: false }],
      [member, 'DELETE', `/auth/orgs/${orgId}/members/${owner.email}`, {}],
    ];
    for (const [index, [caller, method, url, payload]] of steps.entries()) {
      const res = await call(t.app, method, url, caller, method === 'DELETE' ? undefined : payload);
      expect(res.statusCode, url).toBeLessThan(300);
      // Add Member invites; the member accepts (issue 24).
      if (index === 0) await addMember(t, owner, orgId, member);
      // An administrator's role change to Owner is a transfer request; the member accepts it.
      if (index === 5) await acceptTransfer(t, member, orgId);
    }
    const sentences = async (query: string) =>
      (await search(admin, query)).logs
        .reverse()
        .map((log: { actor_email: string; summary: string }) => `${log.actor_email} ${log.summary}`);
    expect(await sentences(`search=${encodeURIComponent(orgId)}`)).toEqual([
      `${owner.email} created the organization "Sentences"`,
      `${owner.email} renamed the organization "Sentences" to "Sentence Lab"`,
      `${owner.email} invited ${member.email} to "Sentence Lab" as Member`,
      `${member.email} accepted the invitation to "Sentence Lab" as Member`,
      `${owner.email} allowed ${member.email} to create jobs in "Sentence Lab"`,
      `${owner.email} invited ${guest} to "Sentence Lab" as Owner`,
      `${admin.email} asked ${member.email} to take over the ownership of "Sentence Lab"`,
      `${member.email} accepted the ownership of "Sentence Lab" from ${owner.email}`,
      `${member.email} stopped ${owner.email} from creating jobs in "Sentence Lab"`,
      `${member.email} removed ${owner.email} from "Sentence Lab"`,
    ]);
    expect(await sentences(`action=user.system_admin&search=${encodeURIComponent(member.email)}`)).toEqual([
      `${admin.email} granted System Admin to ${member.email}`,
      `${admin.email} revoked System Admin from ${member.email}`,
    ]);
  });

  it('keeps the record of a deleted account under its e-mail address', async () => {
    const admin = await makeUser(t, { admin: true });
    const leaver = await makeUser(t);
    await createOrg(t, leaver, 'Gone with them');
    const reauth = await post(
      t.app,
      '/auth/re-authenticate',
      { email: leaver.email, password: PASSWORD },
      bearer(leaver.token),
    );
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...bearer(leaver.token), 'x-reauth-token': reauth.json().reauth_token },
    });
    const body = await search(admin, `action=user.delete&search=${encodeURIComponent(leaver.email)}`);
    expect(body.logs).toMatchObject([
      {
        actor_email: leaver.email,
        target_label: leaver.email,
        details: { deleted_organizations: ['Gone with them'] },
      },
    ]);
  });

  it('pages, filters by action, and answers on the doubled path the console calls', async () => {
    const admin = await makeUser(t, { admin: true });
    const owner = await makeUser(t);
    for (let i = 0; i < 3; i++) await createOrg(t, owner, `Paged ${i}`);
    const query = `action=organization.create&search=${encodeURIComponent(owner.email)}&limit=2`;
    const first = await search(admin, `${query}&page=1`);
    const second = await search(admin, `${query}&page=2`, true);
    expect(first.total).toBe(3);
    expect(first.logs.map((l: { target_label: string }) => l.target_label)).toEqual(['Paged 2', 'Paged 1']);
    expect(second.logs.map((l: { target_label: string }) => l.target_label)).toEqual(['Paged 0']);
    const literal = await search(admin, `search=${encodeURIComponent('%')}`);
    expect(literal.total).toBe(0);
  });

  it('is for system administrators only and validates the query', async () => {
    const admin = await makeUser(t, { admin: true });
    const user = await makeUser(t);
    for (const path of [LOGS, `/api/v1${LOGS}`]) {
      const res = await call(t.app, 'GET', path, user);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.required);
    }
    for (const [query, message] of [
      ['limit=0', 'querystring.limit'],
      ['limit=501', 'querystring.limit'],
      ['page=0', 'querystring.page'],
      ['action=nothing', 'querystring.action'],
    ]) {
      const res = await call(t.app, 'GET', `${LOGS}?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});
