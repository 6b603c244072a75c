import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * RESET_REQUIRED: the address is confirmed but its password was never proven by whoever holds the mailbox
 * (confirmed without one), so only a password reset by mail opens the account.
 */
export const USER_STATUSES = ['UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Opaque, unique and stable: the identity provider's username; the e-mail is the login name. */
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: USER_STATUSES }).notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name'),
  phoneNumber: text('phone_number'),
  isSystemAdmin: boolean('is_system_admin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in device: the family every refresh token of one login belongs to. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * What a mailed code may do: one live code per user, purpose and requesting client address (issue 24, 3), and
 * neither purpose stands in for the other.
 */
export const CODE_PURPOSES = ['confirm_email', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const confirmationCodes = pgTable(
  'confirmation_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Tries made so far, counted before each comparison; a right code deletes the row. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The client address that asked for the code: only a check from there may try it. */
    requester: text('requester').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose, t.requester] })],
);

export const authEvents = pgTable(
  'auth_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A deleted user's events go with them; the deletion event itself is kept with user_id null. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    eventType: text('event_type').notNull(),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_events_user_time_idx').on(t.userId, t.createdAt),
    index('auth_events_time_idx').on(sql`${t.createdAt} desc`),
  ],
);
