import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's own AWS account for Braket jobs; the external id is sealed (AES-256-GCM) at rest. */
export const awsSettings = pgTable('aws_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  region: text('region').notNull(),
  externalIdSealed: text('external_id_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's IQM Resonance API key, sealed at rest; only its last 10 characters are kept in the clear. */
export const iqmSettings = pgTable('iqm_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  apiKeySealed: text('api_key_sealed').notNull(),
  apiKeyLast10: text('api_key_last10').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
