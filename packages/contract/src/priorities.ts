import { z } from 'zod';
import { organizationRole } from './orgs.ts';

/** A job is permitted by an organization, the personal subscription, or the internal company domain. */
export const SOURCE_TYPES = { organization: 'organization', individual: 'individual' } as const;
/** The internal domain's source type: the company's name followed by _domain (e.g. acme_domain). */
export const internalSourceType = (companyName: string) => `${companyName}_domain`;

/** direct: internal accounts run without marketplace billing; marketplace: billed through a subscription. */
export const executionContext = z.enum(['direct', 'marketplace']);
export type ExecutionContext = z.infer<typeof executionContext>;

export const subscriptionState = z.object({ active: z.boolean(), verified_at: z.string().nullable() });
export type SubscriptionState = z.infer<typeof subscriptionState>;

export const PRIORITY_MESSAGES = {
  noSource:
    'You cannot create jobs: ask the owner of an organization with an active marketplace subscription for job permission, or complete your own marketplace subscription.',
  notMember: 'You are not a member of the requested organization.',
  organizationRequired: 'An organization permission source needs organization_id.',
  internalOnly: 'Direct execution is only available to internal company accounts.',
  personalInactive: 'Your personal marketplace subscription is not active.',
  noJobPermission:
    'You do not have job permission in this organization. Contact the owner to request access.',
  ownerSubscriptionInactive: "The organization owner's marketplace subscription is not active.",
  duplicateOrganization: 'Each organization may appear only once.',
  duplicatePriority: 'Each priority may appear only once.',
  updated: 'Organization priorities updated successfully!',
  reset: 'Reset to default priority order!',
} as const;

/** Organizations are ranked by the member; the individual entry is always last (the fallback). */
export const priorityEntry = z.object({
  organization_id: z.string().optional(),
  type: z.enum([SOURCE_TYPES.organization, SOURCE_TYPES.individual]),
  organization_name: z.string().nullable(),
  role: organizationRole.nullable(),
  can_create_jobs: z.boolean(),
  is_valid: z.boolean(),
  joined_at: z.string().nullable(),
  owner_email: z.string().nullable(),
  priority: z.number().int(),
  execution_context: executionContext,
  marketplace_subscription: subscriptionState,
});
export type PriorityEntry = z.infer<typeof priorityEntry>;

/** A source a job may run under; `billed_to` is the subscriber's e-mail, null for direct execution. */
export const permissionSource = z.object({
  type: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  execution_context: executionContext,
  billed_to: z.string().nullable(),
  marketplace_subscription: subscriptionState.nullable(),
});
export type PermissionSource = z.infer<typeof permissionSource>;

export const organizationPrioritiesResponse = z.object({
  priorities: z.array(priorityEntry),
  individual_marketplace_subscription: subscriptionState.extend({ email: z.string() }),
  /** The first valid source in the member's order; null when no source is valid. */
  active_source: permissionSource.nullable(),
});
export type OrganizationPrioritiesResponse = z.infer<typeof organizationPrioritiesResponse>;

export const updatePrioritiesRequest = z.object({
  priorities: z
    .array(
      z.object({ organization_id: z.uuid('Invalid organization id'), priority: z.number().int().min(1) }),
    )
    .max(1000)
    .refine((items) => new Set(items.map((item) => item.organization_id)).size === items.length, {
      message: PRIORITY_MESSAGES.duplicateOrganization,
    })
    .refine((items) => new Set(items.map((item) => item.priority)).size === items.length, {
      message: PRIORITY_MESSAGES.duplicatePriority,
    }),
});
export type UpdatePrioritiesRequest = z.infer<typeof updatePrioritiesRequest>;

/**
 * GET /auth/me/job-permission: whether the caller may create a job now, the source a job would use by
 * default, every source they may choose (in priority order), and why not when they cannot.
 */
export const jobPermissionResponse = z.object({
  can_create_jobs: z.boolean(),
  source: permissionSource.nullable(),
  available_sources: z.array(permissionSource),
  message: z.string().nullable(),
});
export type JobPermissionResponse = z.infer<typeof jobPermissionResponse>;

/** The source a job asks for; without organization_id unless the type is organization. */
export const requestedSource = z
  .object({
    type: z.string().min(1).max(100),
    organization_id: z.uuid('Invalid organization id').optional(),
  })
  .refine((source) => source.type !== SOURCE_TYPES.organization || source.organization_id, {
    message: PRIORITY_MESSAGES.organizationRequired,
    path: ['organization_id'],
  });
export type RequestedSource = z.infer<typeof requestedSource>;
