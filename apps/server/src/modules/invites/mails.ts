import { BRAND, INVITE_ACCEPT_PATH, ROLES, type InvitationRole } from '@hivqe/contract';
import type { Mail } from '../../providers/mail/mailer.ts';

export interface InvitationMail {
  to: string;
  role: InvitationRole;
  organizationName: string | null;
  inviterEmail: string;
  message: string | null;
  token: string;
  expiresAt: Date;
  publicUrl: string;
}

const ROLE_WORDS: Record<InvitationRole, string> = {
  [ROLES.organizationMember]: 'a member',
  [ROLES.organizationOwner]: 'the owner',
  [ROLES.systemAdmin]: 'a system administrator',
};

export function acceptLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
}

export function invitationMail(invite: InvitationMail): Mail {
  const link = acceptLink(invite.publicUrl, invite.token);
  const what = invite.organizationName
    ? `to join "${invite.organizationName}" on ${BRAND.product} as ${ROLE_WORDS[invite.role]}`
    : `to ${BRAND.product} as ${ROLE_WORDS[invite.role]}`;
  return {
    to: invite.to,
    subject: invite.organizationName
      ? `You are invited to join ${invite.organizationName} on ${BRAND.product}`
      : `You are invited to ${BRAND.product}`,
    text: [
      `${invite.inviterEmail} invited you ${what}.`,
      ...(invite.message ? ['', invite.message] : []),
      '',
      'Accept the invitation and choose your password here:',
      link,
      '',
      `The link works once and expires on ${invite.expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this message.',
    ].join('\n'),
  };
}
