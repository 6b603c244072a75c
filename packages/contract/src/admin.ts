import { z } from 'zod';
import { historyQuery } from './auth.ts';
import { jobStatus } from './jobs/statuses.ts';
import { organizationRole } from './orgs.ts';

export const ADMIN_USERS_PAGE_SIZE = 100;

export const ADMIN_MESSAGES = {
  required: 'System administrator privileges are required to access this page.',
  userNotFound: 'User not found',
  invalidNextToken: 'Invalid next_token',
  lastAdmin: 'There must always be at least one system administrator.',
  deleteSelf: 'To delete your own account, use Account Settings.',
  userDeleted: 'User deleted',
} as const;

/** Refusal to delete an account that still owns organizations with other members. */
export const ownsOrganizationsMessage = (names: string[]) =>
  `Transfer the ownership of ${names.map((name) => `"${name}"`).join(', ')} or delete ${
    names.length === 1 ? 'it' : 'them'
  } before deleting this account.`;

const search = z.string().trim().max(254).optional();

export const adminUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(ADMIN_USERS_PAGE_SIZE),
  next_token: z.string().max(1024).optional(),
  /** Part of an e-mail address or username. */
  search,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const userAttribute = z.object({ Name: z.string(), Value: z.string() });

export const adminUser = z.object({
  username: z.string(),
  email: z.string(),
  attributes: z.array(userAttribute),
  user_status: z.string(),
  user_create_date: z.string(),
  user_last_modified_date: z.string(),
  roles: z.object({
    system_admin: z.boolean(),
    organizations: z.array(z.object({ org_id: z.string(), org_name: z.string(), role: organizationRole })),
  }),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({
  users: z.array(adminUser),
  /** Opaque; absent on the last page. */
  next_token: z.string().nullable(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** `user` is the e-mail address or the username. */
export const adminUserParams = z.object({ user: z.string().trim().min(1, 'User is required').max(254) });
export type AdminUserParams = z.infer<typeof adminUserParams>;

export const setSystemAdminRequest = z.object({ is_system_admin: z.boolean() });
export type SetSystemAdminRequest = z.infer<typeof setSystemAdminRequest>;

/** Every user's authentication history; `search` matches e-mail, event type, IP address or user agent. */
export const adminHistoryQuery = historyQuery.extend({ search });
export type AdminHistoryQuery = z.infer<typeof adminHistoryQuery>;

/**
 * GET /auth/admin/jobs (issue 24 §5): every user's jobs that are not over, so an administrator can see what
 * holds the runners and cancel it (POST /hi-vqe/hybrid-jobs/job/cancel, which admits system administrators).
 * Longest-running first, at most ADMIN_JOBS_LIMIT.
 */
export const ADMIN_JOBS_PATH = '/auth/admin/jobs';
export const ADMIN_JOBS_LIMIT = 200;

export const adminJob = z.object({
  job_arn: z.string(),
  job_name: z.string(),
  kind: z.enum(['hybrid', 'iqm']),
  backend: z.string(),
  status: jobStatus,
  owner_email: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  /** The job's time limit in seconds; null for jobs created before limits existed. */
  max_runtime: z.number().int().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;

export const adminJobsResponse = z.object({ jobs: z.array(adminJob) });
export type AdminJobsResponse = z.infer<typeof adminJobsResponse>;
