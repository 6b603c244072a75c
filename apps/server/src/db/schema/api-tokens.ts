import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES } from '@hivqe/contract';
import { users } from './users.ts';

/** Personal access tokens (issue 28, 1): only the SHA-256 of the value is kept; revoking deletes the row. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_TOKEN_SCOPES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
