import { BoundedMap } from './bounded-map.ts';
import { THROTTLE_CAPACITY } from './throttle.ts';

/** Exponential back-off: a few failures are free, then each one doubles the wait before the next try. */
export interface BackoffRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait; it sets how many tries an hour a patient guesser gets. */
  maxDelayMs: number;
  /** Failures are forgotten after this long without one. */
  forgetAfterMs: number;
}

interface Failures {
  count: number;
  last: number;
}

/** Failure counts kept in memory (one API process), at most `capacity` keys, least recently failed dropped. */
export class Backoff {
  private readonly failures: BoundedMap<string, Failures>;

  constructor(
    private readonly now: () => number = Date.now,
    capacity = THROTTLE_CAPACITY,
  ) {
    this.failures = new BoundedMap(capacity);
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, rule: BackoffRule): number {
    return Math.ceil(this.waitMs(key, rule) / 1000);
  }

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  waitMs(key: string, rule: BackoffRule): number {
    const failures = this.current(key, rule);
    if (!failures) return 0;
    return Math.max(0, failures.last + delayAfter(failures.count, rule) - this.now());
  }

  fail(key: string, rule: BackoffRule): void {
    const count = (this.current(key, rule)?.count ?? 0) + 1;
    this.failures.set(key, { count, last: this.now() });
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private current(key: string, rule: BackoffRule): Failures | undefined {
    const failures = this.failures.get(key);
    return failures && this.now() - failures.last < rule.forgetAfterMs ? failures : undefined;
  }
}

function delayAfter(failures: number, rule: BackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.freeFailures));
}
