import type { AdminUser, OrganizationRole } from '@hivqe/contract';
import type { UserRow } from '../auth/repo.ts';

export interface UserOrganization {
  orgId: string;
  orgName: string;
  role: OrganizationRole;
}

/** The identity provider's user shape (spec 3, Admin user): attributes as Name/Value pairs. */
export function presentAdminUser(user: UserRow, organizations: UserOrganization[]): AdminUser {
  const attributes = [
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
    ...(user.phoneNumber ? [{ Name: 'phone_number', Value: user.phoneNumber }] : []),
  ];
  return {
    username: user.username,
    email: user.email,
    attributes,
    user_status: user.status,
    user_create_date: user.createdAt.toISOString(),
    user_last_modified_date: user.updatedAt.toISOString(),
    roles: {
      system_admin: user.isSystemAdmin,
      organizations: organizations.map((org) => ({
        org_id: org.orgId,
        org_name: org.orgName,
        role: org.role,
      })),
    },
  };
}
