/** Group and permission names the server grants and the console checks (accounts.md section 6). */
export const ROLES = {
  systemAdmin: 'system_admin',
  /** An older group name that also makes a user an administrator (accounts.md 4.6). */
  admin: 'admin',
  organizationOwner: 'organization_owner',
  organizationMember: 'organization_member',
  user: 'user',
} as const;
