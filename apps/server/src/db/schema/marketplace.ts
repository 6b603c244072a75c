import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** pending: awaiting the entitlement; pending_cancel: unsubscribed but still entitled until processed. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'pending_cancel', 'inactive'] as const;

/** A user's own cloud-marketplace subscription; the marketplace integration fills it, permissions read it. */
export const marketplaceSubscriptions = pgTable('marketplace_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  customerIdentifier: text('customer_identifier'),
  awsAccountId: text('aws_account_id'),
  productCode: text('product_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
