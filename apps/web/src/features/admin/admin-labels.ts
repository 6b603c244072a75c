import { ROLES, type AdminUser } from '@hivqe/contract';
import type { ChipTone } from '../../components/ui/chip.tsx';

const STATUSES: Record<string, { label: string; tone: ChipTone }> = {
  CONFIRMED: { label: 'Active', tone: 'success' },
  UNCONFIRMED: { label: 'Pending', tone: 'warning' },
  FORCE_CHANGE_PASSWORD: { label: 'Password Reset', tone: 'info' },
  RESET_REQUIRED: { label: 'Reset Required', tone: 'warning' },
};

/** accounts.md 4.10; any other status is shown as it is. */
export function userStatus(status: string): { label: string; tone: ChipTone } {
  return STATUSES[status] ?? { label: status, tone: 'neutral' };
}

type Membership = AdminUser['roles']['organizations'][number];

/** An organization role as a chip: the organization's name followed by Owner or Member. */
export const membershipLabel = ({ org_name, role }: Membership) =>
  `${org_name} ${role === ROLES.organizationOwner ? 'Owner' : 'Member'}`;
