import { z } from 'zod';
import { requestedSource } from '../priorities.ts';

/**
 * The permission source chosen in a creation form (jobs.md 2.8, accounts.md 'Selected permission source'),
 * sent as `permission_source` with either create payload. The server resolves it again from the database;
 * organization_name is only what the selector showed. Absent: the member's first valid source.
 */
export const jobPermissionSource = requestedSource.extend({
  organization_name: z.string().max(200).nullable().optional(),
});
export type JobPermissionSource = z.infer<typeof jobPermissionSource>;
