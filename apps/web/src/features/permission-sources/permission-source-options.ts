import {
  SOURCE_TYPES,
  type JobPermissionSource,
  type OrganizationPrioritiesResponse,
  type PermissionSource,
  type SubscriptionState,
} from '@hivqe/contract';

/** One choice of the selector (jobs.md 2.8, accounts.md 2.16). */
export interface SourceOption {
  source: JobPermissionSource;
  label: string;
  /** The subscriber billed; null for direct execution. */
  billedTo: string | null;
  /** The subscription its badge shows; null for direct execution, which has none. */
  subscription: SubscriptionState | null;
}

export interface SourceOptions {
  internal: SourceOption | null;
  organizations: SourceOption[];
  personal: SourceOption | null;
}

const INTERNAL_SOURCE_LABEL = 'Internal (direct execution)';
const PERSONAL_SOURCE_LABEL = 'Personal Marketplace';

/** The internal company domain's source type is the company's name followed by _domain. */
const isInternalType = (type: string) => type.endsWith('_domain');

/** What the selector's button says for a source. */
export function sourceLabel(source: JobPermissionSource | undefined): string {
  if (source === undefined) return 'Select source...';
  if (isInternalType(source.type)) return INTERNAL_SOURCE_LABEL;
  if (source.type === SOURCE_TYPES.organization) return source.organization_name || 'Organization';
  if (source.type === SOURCE_TYPES.individual) return PERSONAL_SOURCE_LABEL;
  return source.type;
}

/** The source a job names: its type, and for an organization its id and name. */
export function toJobSource(
  source: Pick<PermissionSource, 'type' | 'organization_id' | 'organization_name'>,
): JobPermissionSource {
  return {
    type: source.type,
    ...(source.organization_id ? { organization_id: source.organization_id } : {}),
    ...(source.organization_name ? { organization_name: source.organization_name } : {}),
  };
}

export const sameSource = (a: JobPermissionSource | undefined, b: JobPermissionSource) =>
  a !== undefined && a.type === b.type && (a.organization_id ?? null) === (b.organization_id ?? null);

/**
 * The choices: the internal domain when the server names it as the active source, every valid organization
 * in the member's order, and the personal subscription only while it is active.
 */
export function sourceOptions(response: OrganizationPrioritiesResponse): SourceOptions {
  const active = response.active_source;
  const internal =
    active && isInternalType(active.type)
      ? { source: toJobSource(active), label: INTERNAL_SOURCE_LABEL, billedTo: null, subscription: null }
      : null;
  const organizations = response.priorities
    .filter((entry) => entry.type === SOURCE_TYPES.organization && entry.is_valid)
    .map((entry) => {
      const source = toJobSource({ ...entry, organization_id: entry.organization_id ?? null });
      return {
        source,
        label: sourceLabel(source),
        billedTo: entry.owner_email,
        subscription: entry.marketplace_subscription,
      };
    });
  const subscription = response.individual_marketplace_subscription;
  const personal = subscription.active
    ? {
        source: { type: SOURCE_TYPES.individual },
        label: PERSONAL_SOURCE_LABEL,
        billedTo: subscription.email,
        subscription,
      }
    : null;
  return { internal, organizations, personal };
}

/**
 * Why each organization the member belongs to cannot pay for a job, with whom to ask (issue 30 §7): the
 * owner grants job permission, and an owner's own subscription pays for the organization's jobs.
 */
export function unavailableSourceReasons(response: OrganizationPrioritiesResponse): string[] {
  return response.priorities
    .filter((entry) => entry.type === SOURCE_TYPES.organization && !entry.is_valid)
    .map((entry) => {
      const name = entry.organization_name || 'Organization';
      const owner = entry.owner_email ? ` (${entry.owner_email})` : '';
      if (!entry.can_create_jobs) {
        return `${name}: you do not have job permission. Ask its owner${owner} to grant it.`;
      }
      if (entry.role === 'organization_owner') {
        return `${name}: your marketplace subscription, which pays for its jobs, is not active.`;
      }
      return `${name}: its owner's marketplace subscription is not active. Ask the owner${owner} to renew it.`;
    });
}
