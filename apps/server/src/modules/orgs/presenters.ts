import type { Organization, OrganizationMember, OrganizationRole } from '@hivqe/contract';
import type { MemberRow } from './repo.ts';

export interface OrganizationListRow {
  id: string;
  name: string;
  createdAt: Date;
  defaultCanCreateJobs: boolean;
  createdBy: string | null;
  ownerEmail: string | null;
  memberCount: number;
  role: OrganizationRole | null;
  /** The live transfer request, all null when there is none. */
  transferId: string | null;
  transferFrom: string | null;
  transferTo: string | null;
  transferCreatedAt: Date | null;
  transferExpiresAt: Date | null;
}

export function presentOrganization(row: OrganizationListRow): Organization {
  return {
    org_id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    owner_id: row.ownerEmail,
    member_count: row.memberCount,
    default_can_create_jobs: row.defaultCanCreateJobs,
    role: row.role,
    pending_transfer:
      row.transferId && row.transferFrom && row.transferTo && row.transferCreatedAt && row.transferExpiresAt
        ? {
            request_id: row.transferId,
            from_email: row.transferFrom,
            to_email: row.transferTo,
            created_at: row.transferCreatedAt.toISOString(),
            expires_at: row.transferExpiresAt.toISOString(),
          }
        : null,
  };
}

/** Owners can always create jobs, whatever their stored flag says. */
export function presentMember(row: MemberRow): OrganizationMember {
  return {
    user_id: row.email,
    email: row.email,
    username: row.username,
    name: row.name,
    role: row.role,
    can_create_jobs: row.role === 'organization_owner' || row.canCreateJobs,
    created_at: row.joinedAt.toISOString(),
  };
}
