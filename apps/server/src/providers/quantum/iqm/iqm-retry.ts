import { setTimeout as sleep } from 'node:timers/promises';
import { IqmError } from './iqm-error.ts';

/** Time as the retries see it: real unless a test compresses it. */
export interface IqmClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const REAL_CLOCK: IqmClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

export interface IqmRetryOptions {
  /** The longest one call may take over all its attempts, waits included; 5 minutes unless given. */
  budgetMs?: number;
  /** The first backoff; it doubles with each attempt, with jitter, up to `maxDelayMs`. 500 ms unless given. */
  baseDelayMs?: number;
  /** 30 s unless given. */
  maxDelayMs?: number;
  clock?: IqmClock;
  /** 0 ≤ x < 1; Math.random unless given. */
  random?: () => number;
  /** Told of each wait before a new attempt: what failed, and how long the call waits. */
  onRetry?: (event: IqmRetryEvent) => void;
}

export interface IqmRetryEvent {
  /** e.g. "GET /api/v1/jobs/…" */
  call: string;
  /** What the failed attempt met, in IQM's words where it gave some. */
  reason: string;
  attempt: number;
  waitMs: number;
}

/** How an attempt failed: worth another try (after `retryAfterMs` if the server named it), or not. */
export interface AttemptFailure {
  error: IqmError;
  retry: boolean;
  retryAfterMs?: number;
}

const DEFAULT_BUDGET_MS = 5 * 60_000;
const DEFAULT_BASE_DELAY_MS = 500;
const DEFAULT_MAX_DELAY_MS = 30_000;

/**
 * Runs `attempt` until it succeeds, a failure is not worth retrying, or the call's time budget would be
 * exceeded: exponential backoff with jitter (half fixed, half random, so that clients hit by one outage do
 * not come back together), or the server's `Retry-After` when it gave one. The last failure is thrown,
 * saying how many attempts and how long were spent.
 */
export async function withRetries<T>(
  call: string,
  attempt: () => Promise<T>,
  classify: (error: unknown) => AttemptFailure,
  options: IqmRetryOptions,
  signal?: AbortSignal,
): Promise<T> {
  const clock = options.clock ?? REAL_CLOCK;
  const random = options.random ?? Math.random;
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const base = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const cap = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const started = clock.now();
  for (let tries = 1; ; tries++) {
    let failure: AttemptFailure;
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      failure = classify(error);
    }
    if (!failure.retry) throw failure.error;
    const backoff = Math.min(cap, base * 2 ** (tries - 1));
    const waitMs = failure.retryAfterMs ?? Math.round(backoff / 2 + (random() * backoff) / 2);
    const spent = clock.now() - started;
    if (spent + waitMs > budget) {
      throw new IqmError(
        `${failure.error.message} (gave up after ${tries} attempt${tries === 1 ? '' : 's'} in ` +
          `${seconds(spent)} s${failure.retryAfterMs === undefined ? '' : `; IQM asked to wait ${seconds(waitMs)} s more`})`,
        failure.error.status,
        { cause: failure.error },
      );
    }
    options.onRetry?.({ call, reason: failure.error.message, attempt: tries, waitMs });
    await clock.sleep(waitMs, signal);
  }
}

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent
 * or unreadable. A date in the past means now.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
