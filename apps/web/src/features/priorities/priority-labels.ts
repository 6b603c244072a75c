import {
  ROLES,
  SOURCE_TYPES,
  type OrganizationPrioritiesResponse,
  type PriorityEntry,
} from '@hivqe/contract';

const SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st (accounts.md section 9). */
export function ordinal(rank: number): string {
  return `${rank}${SUFFIXES[ordinalRules.select(rank)]}`;
}

export const rankLabel = (rank: number) => `${ordinal(rank)} Priority`;

/** Owner, Granted or No Permission: what the member holds in the organization. */
export function permissionBadge(entry: PriorityEntry): string {
  if (entry.role === ROLES.organizationOwner) return 'Owner';
  return entry.can_create_jobs ? 'Granted' : 'No Permission';
}

/** An organization whose priority the member can set: valid and identified. */
export type RankableEntry = PriorityEntry & { organization_id: string };

export const isOrganization = (entry: PriorityEntry): entry is RankableEntry =>
  entry.type === SOURCE_TYPES.organization && entry.organization_id !== undefined;

/** The active source is the internal company domain: neither an organization nor the personal subscription. */
export function isInternal({ active_source }: OrganizationPrioritiesResponse): boolean {
  return (
    !!active_source &&
    active_source.type !== SOURCE_TYPES.organization &&
    active_source.type !== SOURCE_TYPES.individual
  );
}
