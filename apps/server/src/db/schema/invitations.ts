import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const INVITED_ROLES = ['organization_member', 'organization_owner', 'system_admin'] as const;
/** Stored states; 'expired' is derived from expires_at when read. */
export const STORED_INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'rejected'] as const;

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: INVITED_ROLES }).notNull(),
    /** Deleting the organization deletes its invitations: none may turn into a system-level one. */
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    message: text('message'),
    /** SHA-256 of the single-use token; a resend replaces it, so the old link dies. */
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: STORED_INVITATION_STATUSES }).notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** When the signed-in invitee declined it (status 'rejected'). */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [index('invitations_email_idx').on(t.email), index('invitations_org_idx').on(t.orgId)],
);
