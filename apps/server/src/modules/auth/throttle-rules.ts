import type { ThrottleRule } from '../../lib/throttle.ts';

const minutes = (n: number) => n * 60_000;

/**
 * Limits on the unauthenticated auth routes. Failed logins count per account *and* IP, so a stranger
 * elsewhere cannot lock a user out; the per-account rule is high and temporary (docs/decisions.md).
 */
export const DEFAULT_AUTH_THROTTLE = {
  loginPerAccountIp: { limit: 5, windowMs: minutes(15) },
  loginPerAccount: { limit: 100, windowMs: minutes(60) },
  loginPerIp: { limit: 50, windowMs: minutes(15) },
  registerPerIp: { limit: 20, windowMs: minutes(60) },
  confirmPerIp: { limit: 30, windowMs: minutes(15) },
  resendPerAccount: { limit: 1, windowMs: minutes(1) },
  resendPerAccountHourly: { limit: 5, windowMs: minutes(60) },
  resendPerIp: { limit: 20, windowMs: minutes(60) },
} satisfies Record<string, ThrottleRule>;

export type AuthThrottleRules = typeof DEFAULT_AUTH_THROTTLE;
