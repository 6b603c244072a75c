import { PRIORITY_MESSAGES, type OrganizationRole } from '@hivqe/contract';
import { describe, expect, it } from 'vitest';
import {
  availableSources,
  computePriorities,
  isInternalEmail,
  jobPermission,
  rankMemberships,
  resolveSource,
  selectionRefusal,
  type MembershipFacts,
  type PriorityFacts,
} from './compute.ts';

const VERIFIED = new Date('2026-03-01T00:00:00Z');
const active = { active: true, verifiedAt: VERIFIED };
const inactive = { active: false, verifiedAt: null };

let sequence = 0;
function membership(overrides: Partial<MembershipFacts> = {}): MembershipFacts {
  sequence += 1;
  return {
    organizationId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    organizationName: `Org ${sequence}`,
    role: 'organization_member',
    canCreateJobs: true,
    joinedAt: new Date(Date.UTC(2026, 0, sequence)),
    priority: null,
    ownerEmail: `owner${sequence}@customer.com`,
    ownerInternal: false,
    ownerSubscription: active,
    ...overrides,
  };
}

function facts(overrides: Partial<PriorityFacts> = {}): PriorityFacts {
  return {
    email: 'me@customer.com',
    internalSourceType: null,
    memberships: [],
    personal: inactive,
    ...overrides,
  };
}

describe('organization validity', () => {
  // role, can_create_jobs, owner internal, owner subscription active -> valid, refusal
  const table: [OrganizationRole, boolean, boolean, boolean, boolean, string | null][] = [
    ['organization_owner', true, false, true, true, null],
    ['organization_owner', false, false, true, true, null],
    ['organization_owner', true, false, false, false, PRIORITY_MESSAGES.ownerSubscriptionInactive],
    ['organization_owner', false, false, false, false, PRIORITY_MESSAGES.ownerSubscriptionInactive],
    ['organization_owner', true, true, true, true, null],
    ['organization_owner', false, true, true, true, null],
    ['organization_owner', true, true, false, true, null],
    ['organization_owner', false, true, false, true, null],
    ['organization_member', true, false, true, true, null],
    ['organization_member', false, false, true, false, PRIORITY_MESSAGES.noJobPermission],
    ['organization_member', true, false, false, false, PRIORITY_MESSAGES.ownerSubscriptionInactive],
    ['organization_member', false, false, false, false, PRIORITY_MESSAGES.noJobPermission],
    ['organization_member', true, true, true, true, null],
    ['organization_member', false, true, true, false, PRIORITY_MESSAGES.noJobPermission],
    ['organization_member', true, true, false, true, null],
    ['organization_member', false, true, false, false, PRIORITY_MESSAGES.noJobPermission],
  ];

  it.each(table)(
    'role %s, job permission %s, internal owner %s, owner subscribed %s: valid %s',
    (role, canCreateJobs, ownerInternal, subscribed, valid, refusal) => {
      const m = membership({
        role,
        canCreateJobs,
        ownerInternal,
        ownerSubscription: subscribed ? active : inactive,
      });
      const result = computePriorities(facts({ memberships: [m] }));
      expect(result.priorities[0]).toMatchObject({
        organization_id: m.organizationId,
        type: 'organization',
        is_valid: valid,
        can_create_jobs: role === 'organization_owner' || canCreateJobs,
        execution_context: ownerInternal ? 'direct' : 'marketplace',
        marketplace_subscription: {
          active: subscribed,
          verified_at: subscribed ? VERIFIED.toISOString() : null,
        },
      });
      expect(result.active_source?.organization_id ?? null).toBe(valid ? m.organizationId : null);
      const resolution = resolveSource(facts({ memberships: [m] }), {
        type: 'organization',
        organization_id: m.organizationId,
      });
      expect(resolution).toEqual(
        refusal ? { refusal } : { source: expect.objectContaining({ type: 'organization' }) },
      );
    },
  );

  it('bills an organization to its owner, and a direct one to nobody', () => {
    const billed = membership({ ownerEmail: 'boss@customer.com' });
    const direct = membership({ ownerEmail: 'boss@company.com', ownerInternal: true });
    const [first, second] = availableSources(facts({ memberships: [billed, direct] }));
    expect(first).toEqual({
      type: 'organization',
      organization_id: billed.organizationId,
      organization_name: billed.organizationName,
      execution_context: 'marketplace',
      billed_to: 'boss@customer.com',
      marketplace_subscription: { active: true, verified_at: VERIFIED.toISOString() },
    });
    expect(second).toMatchObject({ execution_context: 'direct', billed_to: null });
  });
});

describe('ordering', () => {
  it('keeps join order when the member has not ranked anything', () => {
    const late = membership({ joinedAt: new Date('2026-05-01T00:00:00Z') });
    const early = membership({ joinedAt: new Date('2026-02-01T00:00:00Z') });
    const ids = computePriorities(facts({ memberships: [late, early] })).priorities.map(
      (p) => p.organization_id,
    );
    expect(ids).toEqual([early.organizationId, late.organizationId, undefined]);
  });

  it("puts the member's ranks first, then the unranked in join order", () => {
    const a = membership({ joinedAt: new Date('2026-01-01T00:00:00Z') });
    const b = membership({ joinedAt: new Date('2026-02-01T00:00:00Z'), priority: 2 });
    const c = membership({ joinedAt: new Date('2026-03-01T00:00:00Z'), priority: 1 });
    const d = membership({ joinedAt: new Date('2025-12-01T00:00:00Z') });
    const ranked = rankMemberships([a, b, c, d]).map((m) => m.organizationId);
    expect(ranked).toEqual([c, b, d, a].map((m) => m.organizationId));
  });

  it('lists invalid organizations after the valid ones, whatever their rank, and numbers from 1', () => {
    const invalid = membership({ priority: 1, canCreateJobs: false });
    const valid = membership({ priority: 2 });
    const result = computePriorities(facts({ memberships: [invalid, valid], personal: active }));
    expect(result.priorities.map((p) => [p.organization_id, p.priority, p.is_valid])).toEqual([
      [valid.organizationId, 1, true],
      [invalid.organizationId, 2, false],
      [undefined, 3, true],
    ]);
    expect(result.active_source?.organization_id).toBe(valid.organizationId);
  });

  it('chooses the first valid organization as the active source', () => {
    const first = membership({ priority: 1, ownerSubscription: inactive });
    const second = membership({ priority: 2 });
    const third = membership({ priority: 3 });
    expect(computePriorities(facts({ memberships: [third, first, second] })).active_source).toMatchObject({
      type: 'organization',
      organization_id: second.organizationId,
      organization_name: second.organizationName,
    });
  });
});

describe('fallbacks', () => {
  it('falls back to the personal subscription, listed last', () => {
    const invalid = membership({ canCreateJobs: false });
    const result = computePriorities(facts({ memberships: [invalid], personal: active }));
    expect(result.priorities.at(-1)).toEqual({
      type: 'individual',
      organization_name: null,
      role: null,
      can_create_jobs: true,
      is_valid: true,
      joined_at: null,
      owner_email: 'me@customer.com',
      priority: 2,
      execution_context: 'marketplace',
      marketplace_subscription: { active: true, verified_at: VERIFIED.toISOString() },
    });
    expect(result.individual_marketplace_subscription).toEqual({
      active: true,
      email: 'me@customer.com',
      verified_at: VERIFIED.toISOString(),
    });
    expect(result.active_source).toMatchObject({ type: 'individual', billed_to: 'me@customer.com' });
  });

  it('prefers any valid organization to the personal subscription', () => {
    const valid = membership();
    expect(computePriorities(facts({ memberships: [valid], personal: active })).active_source?.type).toBe(
      'organization',
    );
  });

  it('has no active source and explains why when nothing is valid', () => {
    const result = computePriorities(facts({ memberships: [membership({ canCreateJobs: false })] }));
    expect(result.active_source).toBeNull();
    expect(result.priorities.at(-1)).toMatchObject({ type: 'individual', is_valid: false });
    expect(jobPermission(facts())).toEqual({
      can_create_jobs: false,
      source: null,
      available_sources: [],
      message: PRIORITY_MESSAGES.noSource,
    });
    expect(resolveSource(facts())).toEqual({ refusal: PRIORITY_MESSAGES.noSource });
  });

  it('gives internal accounts the domain source first, with direct execution', () => {
    const internal = facts({
      email: 'me@company.com',
      internalSourceType: 'acme_domain',
      memberships: [membership()],
      personal: active,
    });
    const domain = {
      type: 'acme_domain',
      organization_id: null,
      organization_name: null,
      execution_context: 'direct',
      billed_to: null,
      marketplace_subscription: null,
    };
    expect(computePriorities(internal).active_source).toEqual(domain);
    expect(availableSources(internal).map((s) => s.type)).toEqual([
      'acme_domain',
      'organization',
      'individual',
    ]);
    expect(jobPermission(internal)).toMatchObject({ can_create_jobs: true, source: domain, message: null });
    expect(resolveSource(internal)).toEqual({ source: domain });
  });
});

describe('requested sources', () => {
  it('grants the domain only to internal accounts', () => {
    const request = { type: 'acme_domain' };
    expect(resolveSource(facts(), request)).toEqual({ refusal: PRIORITY_MESSAGES.internalOnly });
    expect(resolveSource(facts({ internalSourceType: 'other_domain' }), request)).toEqual({
      refusal: PRIORITY_MESSAGES.internalOnly,
    });
    expect(resolveSource(facts({ internalSourceType: 'acme_domain' }), request)).toMatchObject({
      source: { type: 'acme_domain' },
    });
  });

  it('grants the personal subscription only while it is active', () => {
    expect(resolveSource(facts(), { type: 'individual' })).toEqual({
      refusal: PRIORITY_MESSAGES.personalInactive,
    });
    expect(resolveSource(facts({ personal: active }), { type: 'individual' })).toMatchObject({
      source: { type: 'individual', billed_to: 'me@customer.com' },
    });
  });

  it('refuses an organization the user is not in, even when another is valid', () => {
    const mine = membership();
    const request = { type: 'organization', organization_id: '11111111-1111-4111-8111-111111111111' };
    expect(resolveSource(facts({ memberships: [mine] }), request)).toEqual({
      refusal: PRIORITY_MESSAGES.notMember,
    });
  });

  it('uses a requested valid organization over a higher-ranked one', () => {
    const first = membership({ priority: 1 });
    const second = membership({ priority: 2 });
    const request = { type: 'organization', organization_id: second.organizationId };
    expect(resolveSource(facts({ memberships: [first, second] }), request)).toMatchObject({
      source: { organization_id: second.organizationId },
    });
  });
});

describe('selecting an order', () => {
  it('accepts valid organizations of the member and nothing else', () => {
    const valid = membership();
    const noPermission = membership({ canCreateJobs: false, organizationName: 'Locked' });
    const lapsed = membership({ ownerSubscription: inactive, organizationName: 'Lapsed' });
    const all = facts({ memberships: [valid, noPermission, lapsed] });
    expect(selectionRefusal(all, [valid.organizationId])).toBeNull();
    expect(selectionRefusal(all, [])).toBeNull();
    expect(selectionRefusal(all, [valid.organizationId, noPermission.organizationId])).toBe(
      `"Locked" cannot be selected: ${PRIORITY_MESSAGES.noJobPermission}`,
    );
    expect(selectionRefusal(all, [lapsed.organizationId])).toBe(
      `"Lapsed" cannot be selected: ${PRIORITY_MESSAGES.ownerSubscriptionInactive}`,
    );
    expect(selectionRefusal(all, ['22222222-2222-4222-8222-222222222222'])).toBe(
      `${PRIORITY_MESSAGES.notMember} (22222222-2222-4222-8222-222222222222)`,
    );
  });
});

describe('internal e-mail', () => {
  it.each([
    ['me@company.com', 'company.com', true],
    ['Me@COMPANY.com', 'company.com', true],
    ['me@company.com', 'Company.COM', true],
    ['me@sub.company.com', 'company.com', false],
    ['me@notcompany.com', 'company.com', false],
    ['company.com@evil.com', 'company.com', false],
    ['me@company.com', undefined, false],
    ['me@company.com', '', false],
  ])('%s in %s: %s', (email, domain, expected) => {
    expect(isInternalEmail(email, domain)).toBe(expected);
  });
});
