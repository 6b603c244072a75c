import type { AdminJob, AdminUser, OrganizationRole } from '@hivqe/contract';
import type { JobRow } from '../../db/schema/jobs.ts';
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

/** A job as the administrators' list shows it: what it is, whose, and how long it may run. */
export const presentAdminJob = (job: JobRow, ownerEmail: string): AdminJob => ({
  job_arn: job.jobArn,
  job_name: job.jobName,
  kind: job.kind,
  backend: job.backend,
  status: job.status,
  owner_email: ownerEmail,
  created_at: job.createdAt.toISOString(),
  started_at: job.startedAt?.toISOString() ?? null,
  max_runtime: job.maxRuntimeS,
});
