import type { Invitation, InvitationStatus } from '@hivqe/contract';
import type { InvitationListRow, InvitationRow } from './repo.ts';

/** 'expired' is not stored: a pending invitation past its expiry reads as expired. */
export function statusOf(invitation: InvitationRow, now: Date): InvitationStatus {
  return invitation.status === 'pending' && invitation.expiresAt <= now ? 'expired' : invitation.status;
}

export function presentInvitation(row: InvitationListRow, now: Date): Invitation {
  return {
    invite_id: row.id,
    email: row.email,
    role: row.role,
    org_id: row.orgId,
    org_name: row.orgName,
    status: statusOf(row, now),
    message: row.message,
    invited_by: row.inviterEmail,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
