import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const MEMBERSHIP_ROLES = ['organization_owner', 'organization_member'] as const;
/** Stored states of a transfer request; one past its expiry reads as expired while still stored pending. */
export const TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;

/** The unique index that keeps one owner's organization names apart; a violation of it is a 409. */
export const ORGANIZATION_OWNER_NAME_INDEX = 'organizations_owner_name_idx';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    defaultCanCreateJobs: boolean('default_can_create_jobs').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The owner, copied from the owner's membership row by a trigger (migration 0010) so that the index
     * below can see it; the membership stays the one place where ownership is decided.
     */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Two organizations of one owner never share a name, compared without regard to case.
    uniqueIndex(ORGANIZATION_OWNER_NAME_INDEX).on(t.ownerId, sql`lower(${t.name})`),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull(),
    /** Ignored for the owner, who can always create jobs. */
    canCreateJobs: boolean('can_create_jobs').notNull(),
    /** The member's own ranking of this organization as a job-permission source; null: join order. */
    priority: integer('priority'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
    // Exactly one owner per organization: a transfer that would leave two fails here, whatever the code does.
    uniqueIndex('organization_members_one_owner_idx')
      .on(t.orgId)
      .where(sql`role = 'organization_owner'`),
  ],
);

/**
 * An owner's request to hand the organization to a member (issue 24): ownership moves only when that member
 * accepts. At most one is pending per organization.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ownership_transfers_one_pending_idx')
      .on(t.orgId)
      .where(sql`status = 'pending'`),
    index('ownership_transfers_to_idx').on(t.toUserId),
  ],
);
