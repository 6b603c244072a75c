import { requestContext } from '@fastify/request-context';

/** Where a request stands against one of the limits it met: what the RateLimit headers tell the client. */
export interface Quota {
  limit: number;
  remaining: number;
  /** Seconds until the window that counts this request ends. */
  resetSeconds: number;
  windowSeconds: number;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    quota: Quota;
  }
}

/**
 * Keeps, for the request being served, the tightest limit it met (fewest requests left): a sign-in meets the
 * device's, the address's and the account's. Outside a request (a worker, a test of the throttle alone) it does
 * nothing.
 */
export function noteQuota(quota: Quota): void {
  const kept = requestContext.get('quota');
  if (kept && kept.remaining <= quota.remaining) return;
  requestContext.set('quota', quota);
}

/** The limit the request met, if any. */
export const quotaOfRequest = (): Quota | undefined => requestContext.get('quota');
