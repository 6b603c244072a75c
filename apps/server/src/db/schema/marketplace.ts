import { SUBSCRIPTION_STATUSES } from '@hivqe/contract';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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

/**
 * A marketplace customer of the product (the spec's "mapping"): registered when the buyer arrives with a
 * token, then linked once to the account that signs in with its id. It holds the customer's subscription state
 * as the marketplace reports it; a linked customer's state is copied to the user's marketplace_subscriptions.
 */
export const marketplaceMappings = pgTable(
  'marketplace_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerIdentifier: text('customer_identifier').notNull(),
    customerAwsAccountId: text('customer_aws_account_id').notNull(),
    productCode: text('product_code').notNull(),
    licenseArn: text('license_arn'),
    /** Null until linked; deleting the account deletes the link, and the customer may register again. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The last registration (token resolution); an unlinked mapping expires 4 hours after it. */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_mappings_customer_idx').on(t.customerIdentifier, t.productCode),
    /** An account is linked to one customer at most. */
    uniqueIndex('marketplace_mappings_user_idx').on(t.userId),
  ],
);
