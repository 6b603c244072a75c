import { ORG_MESSAGES, ownerNameTakenMessage, ownNameTakenMessage } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import {
  addMember,
  call,
  createOrg,
  makeUser,
  orgWithMembers,
  requestTransfer,
  transferOwnership,
} from '../../../test/org-flows.ts';

let t: TestApp;
appPerTest((current) => ({ t } = current));

const rename = (orgId: string, user: Parameters<typeof call>[3], name: unknown) =>
  call(t.app, 'PATCH', `/auth/orgs/${orgId}`, user, { name });

async function namesOf(user: Parameters<typeof call>[3]) {
  const res = await call(t.app, 'GET', '/auth/orgs/mine', user);
  return res
    .json()
    .organizations.map((org: { name: string }) => org.name)
    .sort();
}

describe('renaming an organization', () => {
  it('lets the owner rename it, trimmed, and answers the organization as the list shows it', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const res = await rename(orgId, owner, '  Quantum Lab  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      org_id: orgId,
      name: 'Quantum Lab',
      owner_id: owner.email,
      member_count: 2,
      role: 'organization_owner',
    });
    expect(await namesOf(members[0])).toEqual(['Quantum Lab']);
  });

  it('refuses members, strangers and system administrators who do not own it, and changes nothing', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    const stranger = await makeUser(t);
    const admin = await makeUser(t, { admin: true });
    for (const caller of [members[0], stranger, admin]) {
      const res = await rename(orgId, caller, 'Taken over');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORG_MESSAGES.ownerOnly);
    }
    expect(await namesOf(owner)).toEqual([`Org of ${owner.email}`]);
  });

  it('follows a transfer: the new owner may rename, the former one no longer', async () => {
    const { owner, orgId, members } = await orgWithMembers(t, 1);
    await transferOwnership(t, owner, orgId, members[0]);
    expect((await rename(orgId, owner, 'Mine again')).statusCode).toBe(403);
    expect((await rename(orgId, members[0], 'Now mine')).statusCode).toBe(200);
  });

  it('validates the name and the organization id', async () => {
    const { owner, orgId } = await orgWithMembers(t, 0);
    for (const [name, message] of [
      ['   ', ORG_MESSAGES.nameRequired],
      [undefined, ORG_MESSAGES.nameRequired],
      ['n'.repeat(101), 'Organization name must be at most 100 characters'],
      ['Zero\u200bwidth', 'Must not contain invisible characters'],
      ['Two\nlines', 'Must be a single line'],
    ] as const) {
      const res = await rename(orgId, owner, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badId = await call(t.app, 'PATCH', '/auth/orgs/not-a-uuid', owner, { name: 'X' });
    expect(badId.statusCode).toBe(400);
    const missing = await rename('7b0e7a52-3f53-4c5e-9d3b-2a4f4c6f0e11', owner, 'X');
    expect(missing.statusCode).toBe(404);
    expect(await namesOf(owner)).toEqual([`Org of ${owner.email}`]);
  });
});

describe('one name per owner', () => {
  it('refuses a second organization or a rename to a name the owner already has, whatever its case', async () => {
    const owner = await makeUser(t);
    const lab = await createOrg(t, owner, 'Quantum Lab');
    const other = await createOrg(t, owner, 'Chem Group');

    const created = await call(t.app, 'POST', '/auth/orgs', owner, { name: 'quantum LAB' });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(ownNameTakenMessage('quantum LAB'));
    const renamed = await rename(other, owner, ' Quantum Lab ');
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(ownNameTakenMessage('Quantum Lab'));

    // Its own name in another case is no clash, and another owner may use the name.
    expect((await rename(lab, owner, 'QUANTUM LAB')).statusCode).toBe(200);
    const someoneElse = await makeUser(t);
    expect((await call(t.app, 'POST', '/auth/orgs', someoneElse, { name: 'Quantum Lab' })).statusCode).toBe(
      201,
    );
    expect(await namesOf(owner)).toEqual(['Chem Group', 'QUANTUM LAB']);
  });

  it('lets exactly one of simultaneous creations and renames to one name win', async () => {
    const owner = await makeUser(t);
    const renamed = [await createOrg(t, owner, 'First'), await createOrg(t, owner, 'Second')];
    const answers = await Promise.all([
      call(t.app, 'POST', '/auth/orgs', owner, { name: 'Contested' }),
      call(t.app, 'POST', '/auth/orgs', owner, { name: 'contested' }),
      ...renamed.map((orgId) => rename(orgId, owner, 'Contested')),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200 || code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    const names: string[] = await namesOf(owner);
    expect(names.filter((name) => name.toLowerCase() === 'contested')).toHaveLength(1);
  });

  it('refuses to make someone the owner of a second organization of one name, and changes nothing', async () => {
    const admin = await makeUser(t, { admin: true });
    const owner = await makeUser(t);
    const member = await makeUser(t);
    const shared = await createOrg(t, owner, 'Research');
    await createOrg(t, member, 'research');
    await addMember(t, owner, shared, member);

    const transfer = await call(t.app, 'POST', `/auth/orgs/${shared}/transfer-request`, owner, {
      target_email: member.email,
    });
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().message).toBe(ownerNameTakenMessage(member.email, 'Research'));
    const byAdmin = await call(t.app, 'PATCH', `/auth/orgs/${shared}/members/${member.email}`, admin, {
      role: 'organization_owner',
    });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe(ownerNameTakenMessage(member.email, 'Research'));
    const members = (await call(t.app, 'GET', `/auth/orgs/${shared}/members`, owner)).json().members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'organization_owner'],
      [member.email, 'organization_member'],
    ]);

    // Once the clash is renamed away, the transfer goes through and the names follow the new owner.
    expect((await rename(shared, owner, 'Research (shared)')).statusCode).toBe(200);
    const requestId = await requestTransfer(t, owner, shared, member);
    // A clash made while the request waits refuses the acceptance, and nothing moves.
    const late = await createOrg(t, member, 'RESEARCH (SHARED)');
    const accept = () =>
      call(t.app, 'POST', `/auth/orgs/${shared}/transfer-request/accept`, member, { request_id: requestId });
    const refused = await accept();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ownerNameTakenMessage(member.email, 'Research (shared)'));
    expect((await call(t.app, 'DELETE', `/auth/orgs/${late}`, member)).statusCode).toBe(200);
    expect((await accept()).statusCode).toBe(200);
    const clash = await call(t.app, 'POST', '/auth/orgs', member, { name: 'Research (shared)' });
    expect(clash.statusCode).toBe(409);
    expect((await call(t.app, 'POST', '/auth/orgs', owner, { name: 'Research (shared)' })).statusCode).toBe(
      201,
    );
  });
});
