import { z } from 'zod';
import { email } from './common.ts';
import { invitation } from './invites.ts';
import { ROLES } from './roles.ts';
import { displayName } from './text.ts';

export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** How long the target of an ownership transfer has to accept it (issue 24). */
export const TRANSFER_REQUEST_LIFETIME_DAYS = 7;

export const ORGANIZATION_ROLES = [ROLES.organizationOwner, ROLES.organizationMember] as const;
export const organizationRole = z.enum(ORGANIZATION_ROLES);
export type OrganizationRole = z.infer<typeof organizationRole>;

/** Server messages about organizations; the console shows them as they are. */
export const ORG_MESSAGES = {
  nameRequired: 'Organization name is required',
  notFound: 'Organization not found',
  notMember: 'You are not a member of this organization.',
  managersOnly: 'Only the organization owner or a system administrator can do this.',
  ownerOnly: 'Only the organization owner can do this.',
  userNotFound: 'No user has this email address or username. Send an invitation instead.',
  noOwnerToTransfer: 'This organization has no owner to hand it over. Delete it instead.',
  roleNeedsMembership:
    'This user is not a member of the organization. Add Member invites them; they join when they accept.',
  alreadyMember: 'This user is already a member of the organization.',
  memberNotFound: 'This user is not a member of the organization.',
  ownerCannotLeave: 'Organization owner cannot leave. Transfer ownership first.',
  ownerCannotBeRemoved: 'The organization owner cannot be removed. Transfer ownership first.',
  ownerAlwaysCreatesJobs: 'The organization owner can always create jobs.',
  ownerRequired: 'An organization must always have an owner. Make another member the owner instead.',
  alreadyOwner: 'This user already owns the organization.',
  left: 'You left the organization.',
  removed: 'Member removed from the organization.',
  deleted: 'Organization deleted.',
  transferPending: 'A transfer request for this organization is already pending. Cancel it first.',
  transferNotPending: 'This transfer request is no longer pending.',
  transferExpired: 'This transfer request has expired. Ask the owner for a new one.',
  transferNotForYou: 'Only the member this transfer is addressed to can accept or decline it.',
  transferDeclined: 'Transfer request declined.',
  transferCancelled: 'Transfer request cancelled.',
} as const;

/** The caller already owns an organization of this name (names compare without regard to case). */
export const ownNameTakenMessage = (name: string) =>
  `You already own an organization named "${name}". Choose another name.`;

/** Making `email` the owner would give them two organizations of one name. */
export const ownerNameTakenMessage = (email: string, name: string) =>
  `${email} already owns an organization named "${name}". Rename one of them first.`;

export const ownershipTransferredMessage = (email: string) =>
  `Ownership transferred successfully to ${email}`;

/** A transfer waits for the target (issue 24): the request is sent, nothing has moved yet. */
export const transferRequestedMessage = (email: string) =>
  `Transfer request sent to ${email}. Ownership moves when they accept.`;

/** Add Member invites (issue 24): the same answer whether or not the address has an account. */
export const memberInvitedMessage = (email: string) =>
  `Invitation sent to ${email}. They join as a member when they accept.`;

export const organizationParams = z.object({ orgId: z.uuid('Invalid organization id') });
export type OrganizationParams = z.infer<typeof organizationParams>;

/** `member` is the user's e-mail address or username. */
export const memberParams = organizationParams.extend({
  member: z.string().trim().min(1, 'Member is required').max(254),
});
export type MemberParams = z.infer<typeof memberParams>;

const organizationName = displayName(
  z
    .string({ message: ORG_MESSAGES.nameRequired })
    .trim()
    .min(1, ORG_MESSAGES.nameRequired)
    .max(
      ORGANIZATION_NAME_MAX_LENGTH,
      `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`,
    ),
);

export const createOrganizationRequest = z.object({
  name: organizationName,
  default_can_create_jobs: z.boolean().default(false),
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequest>;

/** PATCH /auth/orgs/{orgId}: the owner renames the organization. */
export const renameOrganizationRequest = z.object({ name: organizationName });
export type RenameOrganizationRequest = z.infer<typeof renameOrganizationRequest>;

export const addMemberRequest = z.object({
  email,
  role: z
    .literal(ROLES.organizationMember, { message: 'New members are added with the organization_member role' })
    .default(ROLES.organizationMember),
});
export type AddMemberRequest = z.infer<typeof addMemberRequest>;

export const changeMemberRoleRequest = z.object({ role: organizationRole });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequest>;

export const memberPermissionsRequest = z.object({ can_create_jobs: z.boolean() });
export type MemberPermissionsRequest = z.infer<typeof memberPermissionsRequest>;

export const transferOwnershipRequest = z.object({ target_email: email });
export type TransferOwnershipRequest = z.infer<typeof transferOwnershipRequest>;

/** What Add Member answers: the invitation it sent, pending until the invitee accepts. */
export const addMemberResponse = z.object({ message: z.string(), invitation });
export type AddMemberResponse = z.infer<typeof addMemberResponse>;

/** Accept or decline names the request seen, so a newer request is never answered by mistake. */
export const transferAnswerRequest = z.object({ request_id: z.uuid('Invalid transfer request id') });
export type TransferAnswerRequest = z.infer<typeof transferAnswerRequest>;

/** The organization's live transfer request: from its owner to one member, until accepted, declined or cancelled. */
export const pendingTransfer = z.object({
  request_id: z.string(),
  from_email: z.string(),
  to_email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingTransfer = z.infer<typeof pendingTransfer>;

/**
 * `owner_id` and `created_by` hold e-mail addresses, like the session's `user_id`, so the console can compare
 * them with the signed-in user. `role` is the caller's role, null when a system administrator is not a member.
 */
export const organization = z.object({
  org_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  owner_id: z.string().nullable(),
  member_count: z.number().int(),
  default_can_create_jobs: z.boolean(),
  role: organizationRole.nullable(),
  pending_transfer: pendingTransfer.nullable(),
});
export type Organization = z.infer<typeof organization>;

export const organizationsResponse = z.object({ organizations: z.array(organization) });
export type OrganizationsResponse = z.infer<typeof organizationsResponse>;

/** `user_id` is the member's e-mail address; `created_at` is the join date. */
export const organizationMember = z.object({
  user_id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  role: organizationRole,
  can_create_jobs: z.boolean(),
  created_at: z.string(),
});
export type OrganizationMember = z.infer<typeof organizationMember>;

export const membersResponse = z.object({ members: z.array(organizationMember) });
export type MembersResponse = z.infer<typeof membersResponse>;
