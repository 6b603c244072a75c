import type { ThrottleRule } from '../../lib/throttle.ts';

const hour = 60 * 60_000;

/**
 * How many mails users may cause (issue 24, 2), over sliding windows counted in the database so they hold
 * across API processes and restarts. Codes (confirmation, reset) and invitations draw on separate budgets of
 * the recipient, so nobody can spend another's allowance of codes by inviting them.
 */
export const DEFAULT_MAIL_BUDGET = {
  /** Codes one address receives, whoever asks: registration, resend-confirmation, forgot-password. */
  codesPerRecipient: { limit: 10, windowMs: hour },
  /** Codes for one address asked from one client address: an attacker there leaves the owner the rest. */
  codesPerRecipientFromIp: { limit: 5, windowMs: hour },
  /** Codes asked from one client address, for any addresses. */
  codesPerIp: { limit: 20, windowMs: hour },
  /** Invitation mails (new and resent) one address receives, from everyone. */
  invitationsPerRecipient: { limit: 5, windowMs: hour },
  /** Invitation mails (new and resent) one account causes. */
  invitationsPerSender: { limit: 20, windowMs: hour },
  /** Distinct addresses one account mails invitations to in a day: how far it reaches. */
  newRecipientsPerSender: { limit: 20, windowMs: 24 * hour },
} satisfies Record<string, ThrottleRule>;

export type MailBudgetRules = typeof DEFAULT_MAIL_BUDGET;

/** The longest window: rows older than this count for nothing and are deleted. */
export const MAIL_BUDGET_HORIZON_MS = Math.max(...Object.values(DEFAULT_MAIL_BUDGET).map((r) => r.windowMs));
