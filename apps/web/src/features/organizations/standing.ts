import { ROLES, type Organization, type OrganizationMember } from '@hivqe/contract';
import { useAuth } from '../auth/auth-context.ts';
import { isSystemAdmin } from '../auth/permissions.ts';

/** What the signed-in user may do in one organization (accounts.md 2.11 and 6). */
export interface Standing {
  /** The signed-in user's e-mail address, lower-cased as the server keys users. */
  email: string;
  isSystemAdmin: boolean;
  /** Owner of this organization, not of some other one. */
  isOwner: boolean;
  isMember: boolean;
  /** Invite, add and remove members, delete the organization. */
  canManage: boolean;
}

export function useStanding(organization: Organization): Standing {
  const { user, permissions } = useAuth();
  const email = (user?.user_id ?? '').toLowerCase();
  const systemAdmin = isSystemAdmin(permissions);
  const isOwner =
    organization.role === ROLES.organizationOwner ||
    (!!email && organization.owner_id?.toLowerCase() === email);
  return {
    email,
    isSystemAdmin: systemAdmin,
    isOwner,
    isMember: organization.role !== null || isOwner,
    canManage: systemAdmin || isOwner,
  };
}

export const isOwnerRow = (member: OrganizationMember) => member.role === ROLES.organizationOwner;
