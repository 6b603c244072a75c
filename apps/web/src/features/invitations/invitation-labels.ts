import { ROLES, type InvitationRole } from '@hivqe/contract';
import type { ChipTone } from '../../components/ui/chip.tsx';

/** The three uses of the invite form (accounts.md 2.14). */
export type InviteMode = 'system' | 'organization' | 'fixed-organization';

interface RoleOption<Role extends InvitationRole> {
  value: Role;
  label: string;
}

const member = ROLES.organizationMember;

/** System-level: Member or System Admin; organization-level: Org Member or Org Owner; fixed: member only. */
export const ROLE_OPTIONS = {
  system: [
    { value: member, label: 'Member' },
    { value: ROLES.systemAdmin, label: 'System Admin' },
  ],
  organization: [
    { value: member, label: 'Org Member' },
    { value: ROLES.organizationOwner, label: 'Org Owner' },
  ],
  'fixed-organization': [{ value: member, label: 'Org Member' }],
} as const satisfies Record<InviteMode, readonly RoleOption<InvitationRole>[]>;

export type RoleOf<Mode extends InviteMode> = (typeof ROLE_OPTIONS)[Mode][number]['value'];

/** The chosen role if the mode offers it, else the mode's first role (the choice resets when the mode changes). */
export function roleIn<Mode extends InviteMode>(mode: Mode, chosen: string): RoleOf<Mode> {
  const options: readonly RoleOption<RoleOf<Mode>>[] = ROLE_OPTIONS[mode];
  return (options.find((option) => option.value === chosen) ?? options[0]).value;
}

const ROLE_LABELS: Record<InvitationRole, string> = {
  [ROLES.organizationMember]: 'Member',
  [ROLES.organizationOwner]: 'Org Owner',
  [ROLES.systemAdmin]: 'System Admin',
};

export const invitationRoleLabel = (role: InvitationRole) => ROLE_LABELS[role];

const STATUSES: Record<string, { label: string; tone: ChipTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** accounts.md 4.11; any status the console does not know shows as Unknown. */
export function invitationStatus(status: string): { label: string; tone: ChipTone } {
  return STATUSES[status] ?? { label: 'Unknown', tone: 'neutral' };
}
