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
