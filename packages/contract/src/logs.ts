import { z } from 'zod';
import { BRAND } from './brand.ts';

/** The audit log's path under the API base (accounts.md 7.9); the console calls it with the base doubled. */
export const LOGS_PATH = `/computing/${BRAND.logEngine}/logs`;
export const LOGS_PAGE_SIZE = 50;

export const AUDIT_ACTIONS = [
  'organization.create',
  'organization.rename',
  'organization.delete',
  'member.add',
  'member.remove',
  'member.leave',
  'member.role',
  'member.job_permission',
  'ownership.transfer',
  'ownership.request',
  'ownership.decline',
  'ownership.cancel',
  'invitation.create',
  'invitation.resend',
  'invitation.cancel',
  'invitation.accept',
  'invitation.decline',
  'user.delete',
  'user.system_admin',
  'priorities.update',
  'priorities.reset',
  'settings.update',
  'settings.delete',
  'marketplace.link',
  'marketplace.simulated_subscribe',
  'marketplace.simulated_cancel',
  'job.create',
  'job.cancel',
  'api_token.create',
  'api_token.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const logsQuery = z.object({
  /** Words matched against actor, action, target, details and IP address. */
  search: z.string().trim().max(254).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(LOGS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type LogsQuery = z.infer<typeof logsQuery>;

export const auditLogEntry = z.object({
  id: z.string(),
  timestamp: z.string(),
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The entry as a sentence whose subject is the actor, e.g. 'granted System Admin to ada@example.com'. */
  summary: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const logsResponse = z.object({
  logs: z.array(auditLogEntry),
  total: z.number().int(),
  current_page: z.number().int(),
});
export type LogsResponse = z.infer<typeof logsResponse>;
