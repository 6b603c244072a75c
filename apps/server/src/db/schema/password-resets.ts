import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The link each reset mail carries (issue 24, 3): only the token's hash is kept; a successful reset ends all. */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_links_user_idx').on(t.userId)],
);

/**
 * Reset codes compared, per account (the address asked about, known or not), across client addresses and
 * codes: the ceiling on guesses counts them over a sliding hour. Refused guesses leave no row.
 */
export const passwordResetGuesses = pgTable(
  'password_reset_guesses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    guessedAt: timestamp('guessed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_reset_guesses_account_idx').on(t.account, t.guessedAt),
    index('password_reset_guesses_guessed_at_idx').on(t.guessedAt),
  ],
);
