import {
  PRIORITY_MESSAGES,
  SOURCE_TYPES,
  type JobPermissionResponse,
  type OrganizationPrioritiesResponse,
  type OrganizationRole,
  type PermissionSource,
  type PriorityEntry,
  type RequestedSource,
  type SubscriptionState,
} from '@hivqe/contract';

/**
 * The rules of job-permission sources (spec 2.12, 2.16, 6) as pure functions of what the database says, so
 * every combination can be tested without one.
 */

export interface Subscription {
  active: boolean;
  verifiedAt: Date | null;
}

export interface MembershipFacts {
  organizationId: string;
  organizationName: string;
  role: OrganizationRole;
  canCreateJobs: boolean;
  joinedAt: Date;
  /** The member's own rank for this organization; null keeps join order. */
  priority: number | null;
  ownerEmail: string | null;
  /** An owner in the internal company domain runs the organization's jobs directly, without billing. */
  ownerInternal: boolean;
  ownerSubscription: Subscription;
}

export interface PriorityFacts {
  email: string;
  /** The internal domain's source type (e.g. acme_domain) when the user's e-mail is in it; else null. */
  internalSourceType: string | null;
  memberships: MembershipFacts[];
  personal: Subscription;
}

export function isInternalEmail(email: string, internalDomain: string | undefined): boolean {
  return !!internalDomain && email.toLowerCase().endsWith(`@${internalDomain.toLowerCase()}`);
}

/** Why an organization cannot permit the member's jobs now, or null when it can. */
export function organizationRefusal(membership: MembershipFacts): string | null {
  if (membership.role !== 'organization_owner' && !membership.canCreateJobs) {
    return PRIORITY_MESSAGES.noJobPermission;
  }
  if (!membership.ownerInternal && !membership.ownerSubscription.active) {
    return PRIORITY_MESSAGES.ownerSubscriptionInactive;
  }
  return null;
}

const isValid = (membership: MembershipFacts) => organizationRefusal(membership) === null;

/** Valid organizations first, each group in the member's order: own ranks, then join order. */
export function rankMemberships(memberships: MembershipFacts[]): MembershipFacts[] {
  const byUserOrder = (a: MembershipFacts, b: MembershipFacts) =>
    (a.priority ?? Infinity) - (b.priority ?? Infinity) ||
    a.joinedAt.getTime() - b.joinedAt.getTime() ||
    a.organizationId.localeCompare(b.organizationId);
  return [...memberships].sort((a, b) => Number(isValid(b)) - Number(isValid(a)) || byUserOrder(a, b));
}

const state = (subscription: Subscription): SubscriptionState => ({
  active: subscription.active,
  verified_at: subscription.verifiedAt?.toISOString() ?? null,
});

function organizationSource(membership: MembershipFacts): PermissionSource {
  const direct = membership.ownerInternal;
  return {
    type: SOURCE_TYPES.organization,
    organization_id: membership.organizationId,
    organization_name: membership.organizationName,
    execution_context: direct ? 'direct' : 'marketplace',
    billed_to: direct ? null : membership.ownerEmail,
    marketplace_subscription: state(membership.ownerSubscription),
  };
}

function personalSource(facts: PriorityFacts): PermissionSource {
  return {
    type: SOURCE_TYPES.individual,
    organization_id: null,
    organization_name: null,
    execution_context: 'marketplace',
    billed_to: facts.email,
    marketplace_subscription: state(facts.personal),
  };
}

function internalSource(type: string): PermissionSource {
  return {
    type,
    organization_id: null,
    organization_name: null,
    execution_context: 'direct',
    billed_to: null,
    marketplace_subscription: null,
  };
}

/** Every source the user may use now, best first: the internal domain, their organizations, their own. */
export function availableSources(facts: PriorityFacts): PermissionSource[] {
  return [
    ...(facts.internalSourceType ? [internalSource(facts.internalSourceType)] : []),
    ...rankMemberships(facts.memberships).filter(isValid).map(organizationSource),
    ...(facts.personal.active ? [personalSource(facts)] : []),
  ];
}

export function computePriorities(facts: PriorityFacts): OrganizationPrioritiesResponse {
  const ranked = rankMemberships(facts.memberships);
  const organizations: PriorityEntry[] = ranked.map((membership, index) => ({
    organization_id: membership.organizationId,
    type: SOURCE_TYPES.organization,
    organization_name: membership.organizationName,
    role: membership.role,
    can_create_jobs: membership.role === 'organization_owner' || membership.canCreateJobs,
    is_valid: isValid(membership),
    joined_at: membership.joinedAt.toISOString(),
    owner_email: membership.ownerEmail,
    priority: index + 1,
    execution_context: membership.ownerInternal ? 'direct' : 'marketplace',
    marketplace_subscription: state(membership.ownerSubscription),
  }));
  const individual: PriorityEntry = {
    type: SOURCE_TYPES.individual,
    organization_name: null,
    role: null,
    can_create_jobs: facts.personal.active,
    is_valid: facts.personal.active,
    joined_at: null,
    owner_email: facts.email,
    priority: organizations.length + 1,
    execution_context: 'marketplace',
    marketplace_subscription: state(facts.personal),
  };
  return {
    priorities: [...organizations, individual],
    individual_marketplace_subscription: { ...state(facts.personal), email: facts.email },
    active_source: availableSources(facts)[0] ?? null,
  };
}

export function jobPermission(facts: PriorityFacts): JobPermissionResponse {
  const sources = availableSources(facts);
  return {
    can_create_jobs: sources.length > 0,
    source: sources[0] ?? null,
    available_sources: sources,
    message: sources.length > 0 ? null : PRIORITY_MESSAGES.noSource,
  };
}

export type Resolution = { source: PermissionSource } | { refusal: string };

/** The source a job runs under: the requested one if it is valid now, else (nothing requested) the active one. */
export function resolveSource(facts: PriorityFacts, requested?: RequestedSource): Resolution {
  if (!requested) {
    const [first] = availableSources(facts);
    return first ? { source: first } : { refusal: PRIORITY_MESSAGES.noSource };
  }
  if (requested.type === SOURCE_TYPES.individual) {
    return facts.personal.active
      ? { source: personalSource(facts) }
      : { refusal: PRIORITY_MESSAGES.personalInactive };
  }
  if (requested.type === SOURCE_TYPES.organization) {
    const membership = facts.memberships.find((m) => m.organizationId === requested.organization_id);
    if (!membership) return { refusal: PRIORITY_MESSAGES.notMember };
    const refusal = organizationRefusal(membership);
    return refusal ? { refusal } : { source: organizationSource(membership) };
  }
  return requested.type === facts.internalSourceType
    ? { source: internalSource(requested.type) }
    : { refusal: PRIORITY_MESSAGES.internalOnly };
}

/** Why the member cannot rank these organizations first, or null: each must be theirs and valid now. */
export function selectionRefusal(facts: PriorityFacts, organizationIds: string[]): string | null {
  for (const id of organizationIds) {
    const membership = facts.memberships.find((m) => m.organizationId === id);
    if (!membership) return `${PRIORITY_MESSAGES.notMember} (${id})`;
    const refusal = organizationRefusal(membership);
    if (refusal) return `"${membership.organizationName}" cannot be selected: ${refusal}`;
  }
  return null;
}
