import { ROLES, type PermissionsResponse } from '@hivqe/contract';

export interface Permissions {
  permissions: string[];
  groups: string[];
  isAdmin: boolean;
  isUser: boolean;
}

export const NO_PERMISSIONS: Permissions = { permissions: [], groups: [], isAdmin: false, isUser: false };

/** accounts.md 4.6: admin or system_admin makes an administrator; any grant at all makes a user. */
export function toPermissions({ permissions, groups }: PermissionsResponse): Permissions {
  return {
    permissions,
    groups,
    isAdmin: groups.includes(ROLES.admin) || groups.includes(ROLES.systemAdmin),
    isUser: permissions.length > 0 || groups.length > 0,
  };
}

export function isSystemAdmin(permissions: Permissions): boolean {
  return permissions.groups.includes(ROLES.systemAdmin);
}
