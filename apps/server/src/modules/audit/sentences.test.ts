import type { AuditAction } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import { auditSentence, type AuditFacts } from './sentences.ts';

const ADA = 'ada@example.com';
const BOB = 'bob@example.com';

const sentence = (action: AuditAction, facts: Partial<AuditFacts> = {}) =>
  auditSentence({ action, actorEmail: ADA, targetId: null, targetLabel: null, details: {}, ...facts });

describe('audit sentences', () => {
  it('tell the actor’s own account and settings apart from someone else’s', () => {
    expect(sentence('user.delete', { targetLabel: ADA })).toBe('deleted their own account');
    expect(sentence('user.delete', { targetLabel: BOB })).toBe(`deleted the account of ${BOB}`);
    expect(sentence('settings.update', { targetLabel: ADA, details: { provider: 'aws' } })).toBe(
      'updated their AWS settings',
    );
    expect(sentence('settings.delete', { targetLabel: BOB, details: { provider: 'iqm' } })).toBe(
      `deleted the IQM API key of ${BOB}`,
    );
  });

  it('name the organization, the member and the role', () => {
    expect(sentence('organization.delete', { targetLabel: 'Lab', details: { members: [ADA, BOB] } })).toBe(
      'deleted the organization "Lab" with 2 members',
    );
    expect(sentence('ownership.transfer', { targetLabel: 'Lab', details: { from: ADA, to: BOB } })).toBe(
      `transferred the ownership of "Lab" to ${BOB}`,
    );
    expect(
      sentence('member.role', { targetLabel: 'Lab', details: { email: BOB, to: 'organization_member' } }),
    ).toBe(`made ${BOB} a Member of "Lab"`);
    expect(sentence('member.leave', { targetLabel: 'Lab' })).toBe('left "Lab"');
    expect(
      sentence('invitation.accept', {
        targetLabel: ADA,
        details: { role: 'organization_owner', org_name: 'Lab' },
      }),
    ).toBe('accepted the invitation to "Lab" as Owner');
    expect(sentence('invitation.create', { targetLabel: BOB, details: { role: 'system_admin' } })).toBe(
      `invited ${BOB} as System Admin`,
    );
  });

  it('still read as sentences when a record lacks what newer ones carry', () => {
    expect(sentence('invitation.accept', { details: { role: 'organization_member' } })).toBe(
      'accepted the invitation as Member',
    );
    expect(sentence('member.add', { targetId: 'b5d3…' })).toBe('added a member to an organization');
    expect(sentence('job.create', { targetLabel: 'H2 run', details: { device: 'SV1' } })).toBe(
      'created the job "H2 run" on SV1',
    );
  });
});
