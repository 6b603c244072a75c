import { ADMIN_MESSAGES, ORG_MESSAGES, ROLES, type OrganizationRole } from '@hivqe/contract';
import { forbidden } from '../../lib/http-errors.ts';

/** What a caller is with respect to one organization: a system administrator, its owner or member, or both. */
export interface Standing {
  isSystemAdmin: boolean;
  role: OrganizationRole | null;
}

export type OrganizationAction =
  | 'view'
  | 'rename'
  | 'leave'
  | 'invite'
  | 'removeMember'
  | 'deleteOrganization'
  | 'setJobPermission'
  | 'transferOwnership'
  | 'cancelTransfer'
  | 'changeRole';

type Holder = typeof ROLES.systemAdmin | OrganizationRole;
const ADMIN = ROLES.systemAdmin;
const OWNER = ROLES.organizationOwner;
const MEMBER = ROLES.organizationMember;

/**
 * Who may do what in an organization (docs/decisions.md has this matrix). Anything not listed is refused:
 * rules such as "the owner cannot leave" are checked by the service after this.
 */
export const ORGANIZATION_POLICY: Record<
  OrganizationAction,
  { holders: readonly Holder[]; refusal: string }
> = {
  view: { holders: [ADMIN, OWNER, MEMBER], refusal: ORG_MESSAGES.notMember },
  rename: { holders: [OWNER], refusal: ORG_MESSAGES.ownerOnly },
  leave: { holders: [OWNER, MEMBER], refusal: ORG_MESSAGES.notMember },
  invite: { holders: [ADMIN, OWNER], refusal: ORG_MESSAGES.managersOnly },
  removeMember: { holders: [ADMIN, OWNER], refusal: ORG_MESSAGES.managersOnly },
  deleteOrganization: { holders: [ADMIN, OWNER], refusal: ORG_MESSAGES.managersOnly },
  setJobPermission: { holders: [OWNER], refusal: ORG_MESSAGES.ownerOnly },
  transferOwnership: { holders: [OWNER], refusal: ORG_MESSAGES.ownerOnly },
  cancelTransfer: { holders: [ADMIN, OWNER], refusal: ORG_MESSAGES.managersOnly },
  changeRole: { holders: [ADMIN], refusal: ADMIN_MESSAGES.required },
};

function may(action: OrganizationAction, standing: Standing): boolean {
  const { holders } = ORGANIZATION_POLICY[action];
  return (
    (standing.isSystemAdmin && holders.includes(ADMIN)) ||
    (!!standing.role && holders.includes(standing.role))
  );
}

/** Throws 403 with the action's refusal unless the standing allows it. */
export function authorize(action: OrganizationAction, standing: Standing): void {
  if (!may(action, standing)) throw forbidden(ORGANIZATION_POLICY[action].refusal);
}
