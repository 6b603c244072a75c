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
