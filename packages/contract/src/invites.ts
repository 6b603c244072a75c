import { z } from 'zod';
import { registerRequest } from './auth.ts';
import { email } from './common.ts';
import { FULL_NAME_MAX_LENGTH } from './limits.ts';
import { ROLES } from './roles.ts';
import { displayName, multilineText } from './text.ts';

export const INVITATION_LIFETIME_DAYS = 7;
export const INVITE_MESSAGE_MAX_LENGTH = 1000;
/** The only reason the console sends when cancelling (accounts.md section 9). */
export const INVITE_CANCEL_REASON = 'Cancelled by admin';
/** The console's accept screen; the token is the query parameter `token`. */
export const INVITE_ACCEPT_PATH = '/invite/accept';

export const INVITATION_ROLES = [
  ROLES.organizationMember,
  ROLES.organizationOwner,
  ROLES.systemAdmin,
] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];
/** 'rejected' (accounts.md 4.11): the signed-in invitee declined it (issue 24). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'cancelled', 'rejected'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITE_MESSAGES = {
  invalidToken: 'Invalid invitation token',
  expired: 'This invitation has expired. Ask for a new one.',
  cancelled: 'This invitation has been cancelled.',
  alreadyAccepted: 'This invitation has already been accepted. Please sign in.',
  notFound: 'Invitation not found',
  notPending: 'Only pending invitations can be cancelled.',
  notResendable: 'Accepted or cancelled invitations cannot be resent.',
  pendingExists: 'A pending invitation for this email already exists. Resend it instead.',
  alreadyMember: 'This user is already a member of the organization.',
  alreadyAdmin: 'This user is already a system administrator.',
  alreadyRegistered: 'This email already has an account and the invitation would grant nothing.',
  listForbidden: 'Only system administrators and organization owners can view invitations.',
  idMismatch: 'invite_id does not match the invitation in the path',
  wrongPassword: 'An account already exists for this email. Enter its password to accept the invitation.',
  accepted: 'Invitation accepted.',
  nameRequired: 'Name is required',
  declined: 'Invitation declined.',
  alreadyDeclined: 'This invitation has been declined.',
  messageNotAllowed:
    'Only subscribed users and system administrators can add a message to an invitation. Send it without one.',
  newRecipientsPerDay: (limit: number, minutes: number) =>
    `You can invite at most ${limit} new addresses a day. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/**
 * What an invitation link's token looks like: 32 random bytes in base64url. Anything else is refused by the
 * schema before the server looks for it.
 */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const invitationToken = z
  .string({ message: INVITE_MESSAGES.invalidToken })
  .trim()
  .regex(INVITATION_TOKEN_PATTERN, INVITE_MESSAGES.invalidToken);

const inviteMessage = multilineText(
  z
    .string()
    .trim()
    .max(INVITE_MESSAGE_MAX_LENGTH, `Message must be at most ${INVITE_MESSAGE_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value || undefined),
);

export const systemInviteRequest = z.object({
  email,
  role: z.enum([ROLES.organizationMember, ROLES.systemAdmin], {
    message: 'Role must be organization_member or system_admin',
  }),
  /** Also makes the invitee a member of this organization. */
  org_id: z.uuid('Invalid organization id').optional(),
  message: inviteMessage,
});
export type SystemInviteRequest = z.infer<typeof systemInviteRequest>;

export const organizationInviteQuery = z.object({ org_id: z.uuid('Invalid organization id') });
export type OrganizationInviteQuery = z.infer<typeof organizationInviteQuery>;

/** organization_owner: accepting transfers the ownership to the invitee. */
export const organizationInviteRequest = z.object({
  email,
  role: z
    .enum([ROLES.organizationMember, ROLES.organizationOwner], {
      message: 'Role must be organization_member or organization_owner',
    })
    .default(ROLES.organizationMember),
  message: inviteMessage,
});
export type OrganizationInviteRequest = z.infer<typeof organizationInviteRequest>;

export const inviteParams = z.object({ inviteId: z.uuid('Invalid invitation id') });
export type InviteParams = z.infer<typeof inviteParams>;

export const cancelInviteRequest = z.object({
  invite_id: z.uuid('Invalid invitation id'),
  reason: z.literal(INVITE_CANCEL_REASON, { message: `Reason must be '${INVITE_CANCEL_REASON}'` }),
});
export type CancelInviteRequest = z.infer<typeof cancelInviteRequest>;

export const resendInviteRequest = z.object({ invite_id: z.uuid('Invalid invitation id') });
export type ResendInviteRequest = z.infer<typeof resendInviteRequest>;

/** The signed-in invitee accepts or declines in the console: the same body as resend, the id twice. */
export const answerInviteRequest = resendInviteRequest;
export type AnswerInviteRequest = ResendInviteRequest;

/**
 * `name` is required for a new account; an existing one (see `account_exists` in the lookup) gives only its
 * password, and a name only fills an empty profile.
 */
export const acceptInviteRequest = z.object({
  token: invitationToken,
  name: displayName(
    z
      .string({ message: INVITE_MESSAGES.nameRequired })
      .trim()
      .min(1, INVITE_MESSAGES.nameRequired)
      .max(FULL_NAME_MAX_LENGTH, `Name must be at most ${FULL_NAME_MAX_LENGTH} characters`),
  ).optional(),
  password: registerRequest.shape.password,
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequest>;

/** POST /auth/invites/lookup: the token travels in the body, never in a URL that logs would keep. */
export const invitationLookupRequest = z.object({ token: invitationToken });
export type InvitationLookupRequest = z.infer<typeof invitationLookupRequest>;

/**
 * What the holder of a pending invitation's link may know before accepting: for whom and to what it is, and
 * whether the address already has an account (then accepting asks only for its password).
 */
export const invitationLookup = z.object({
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  org_name: z.string().nullable(),
  expires_at: z.string(),
  account_exists: z.boolean(),
});
export type InvitationLookup = z.infer<typeof invitationLookup>;

export const acceptInviteResponse = z.object({ email: z.string(), message: z.string() });
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponse>;

export const invitation = z.object({
  invite_id: z.string(),
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  org_id: z.string().nullable(),
  org_name: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  message: z.string().nullable(),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationsResponse = z.object({ invitations: z.array(invitation) });
export type InvitationsResponse = z.infer<typeof invitationsResponse>;
