import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The create requests that carried an Idempotency-Key (issue 25 §3), one row per user and key: the primary key
 * lets one of simultaneous identical requests claim the key and run. The row keeps what was asked (a hash of
 * the route and body) and, once answered, the answer that every retry within the window repeats.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the route and the validated body, hex. */
    requestHash: text('request_hash').notNull(),
    /** null while the first request runs. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // Serves removing the keys past the window.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
