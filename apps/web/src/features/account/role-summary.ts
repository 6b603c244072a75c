import { ROLES } from '@hivqe/contract';
import { isSystemAdmin, type Permissions } from '../auth/permissions.ts';

/** accounts.md 2.9: the system role label shown in Roles & Permissions. */
export function systemRoleLabel(permissions: Permissions): string {
  if (isSystemAdmin(permissions)) return 'System Administrator';
  if (permissions.isAdmin) return 'Administrator';
  return 'User';
}

export interface Capability {
  label: string;
  granted: boolean;
}

export function capabilities(permissions: Permissions): Capability[] {
  const systemAdmin = isSystemAdmin(permissions);
  return [
    { label: 'Can manage users', granted: systemAdmin },
    {
      label: 'Can manage organizations',
      granted: systemAdmin || permissions.permissions.includes(ROLES.organizationOwner),
    },
    { label: 'Can send invitations', granted: systemAdmin },
  ];
}
