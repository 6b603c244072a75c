import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Which budget a mail draws on: codes proving a mailbox (confirmation, reset), or invitations. */
export const MAIL_KINDS = ['account', 'invitation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One row per mail a user caused, kept a day: the mail budget counts them (issue 24, 2). */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    /** The signed-in account that caused it; null on the unauthenticated routes. */
    senderId: uuid('sender_id'),
    clientIp: text('client_ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mail_sends_recipient_idx').on(t.recipient, t.sentAt),
    index('mail_sends_sender_idx').on(t.senderId, t.sentAt),
    index('mail_sends_client_ip_idx').on(t.clientIp, t.sentAt),
    index('mail_sends_sent_at_idx').on(t.sentAt),
  ],
);
