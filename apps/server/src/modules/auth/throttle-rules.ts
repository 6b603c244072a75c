import { RESET_GUESSES_PER_HOUR } from '@hivqe/contract';
import type { BackoffRule } from '../../lib/backoff.ts';
import type { ThrottleRule } from '../../lib/throttle.ts';

const minutes = (n: number) => n * 60_000;

/**
 * Limits on the unauthenticated auth routes and on every password check (login, re-authenticate).
 * A browser with a device cookie for the account is judged only by its own failures (signInPerDevice);
 * every other client meets the account's back-off (DEFAULT_SIGN_IN_BACKOFF) and the per-address limit,
 * so failures made elsewhere never lock the owner out of a browser they signed in from before.
 */
export const DEFAULT_AUTH_THROTTLE = {
  /** Failed password checks of one trusted browser; past it the browser counts as unknown. */
  signInPerDevice: { limit: 10, windowMs: minutes(60) },
  /** Failed password checks of unknown browsers from one address, across accounts (credential stuffing). */
  signInPerIp: { limit: 50, windowMs: minutes(15) },
  registerPerIp: { limit: 20, windowMs: minutes(60) },
  confirmPerIp: { limit: 30, windowMs: minutes(15) },
  /**
   * Codes asked for one address from one client address (resend-confirmation, forgot-password): the hourly
   * budgets of mails are the database's (modules/mail-budget), per recipient and client address.
   */
  resendPerAccount: { limit: 1, windowMs: minutes(1) },
  /**
   * Reset codes compared for one account, from every client address and code together, in a sliding hour
   * (counted in the database, modules/auth/reset-guess-ceiling.ts). The mailed link is not subject to it.
   */
  resetGuessesPerAccount: { limit: RESET_GUESSES_PER_HOUR, windowMs: minutes(60) },
} satisfies Record<string, ThrottleRule>;

export type AuthThrottleRules = typeof DEFAULT_AUTH_THROTTLE;

/**
 * Per-account back-off for clients without a device cookie: 5 free failures, then 1 s doubling to 1 minute.
 * A guesser gets under 100 tries an hour (ASVS 5.0 V6); the owner on a new browser waits a minute at most.
 */
export const DEFAULT_SIGN_IN_BACKOFF: BackoffRule = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: minutes(1),
  forgetAfterMs: minutes(60),
};
