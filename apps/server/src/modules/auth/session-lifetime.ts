const DAY_MS = 86_400_000;

/**
 * A session ends this long after sign-in however often it is used: rotating refresh tokens alone would keep a
 * stolen or forgotten session alive for ever. 30 days is NIST SP 800-63B's reauthentication bound for AAL1.
 */
export const SESSION_MAX_DAYS = 30;

/** The earliest sign-in whose session is still alive at `now`. */
export function oldestLiveSessionStart(now: Date): Date {
  return new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS);
}

export function sessionOutlived(createdAt: Date, now: Date): boolean {
  return createdAt <= oldestLiveSessionStart(now);
}
