import { BoundedMap } from './bounded-map.ts';
import { noteQuota } from './request-quota.ts';

/**
 * Fixed-window counters kept in memory. The API runs as one process (workers never serve HTTP),
 * so in-process counters see every request; see docs/decisions.md. At most `capacity` keys are kept:
 * past that the window opened longest ago (most likely already over) is dropped.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export const THROTTLE_CAPACITY = 100_000;

interface Window {
  start: number;
  count: number;
}

export class Throttle {
  private readonly windows: BoundedMap<string, Window>;

  constructor(
    private readonly now: () => number = Date.now,
    capacity = THROTTLE_CAPACITY,
  ) {
    this.windows = new BoundedMap(capacity);
  }

  /** Seconds until `key` may act again under `rule`, or 0 when it may act now. */
  retryAfter(key: string, rule: ThrottleRule): number {
    const window = this.current(key, rule);
    this.note(window, rule);
    if (!window || window.count < rule.limit) return 0;
    return Math.ceil((window.start + rule.windowMs - this.now()) / 1000);
  }

  hit(key: string, rule: ThrottleRule): void {
    let window = this.current(key, rule);
    if (window) window.count += 1;
    else this.windows.set(key, (window = { start: this.now(), count: 1 }));
    this.note(window, rule);
  }

  /** Takes back one event of the current window: an attempt counted in advance that turned out harmless. */
  refund(key: string, rule: ThrottleRule): void {
    const window = this.current(key, rule);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Tells the request being served where it stands (its RateLimit headers). */
  private note(window: Window | undefined, rule: ThrottleRule): void {
    const now = this.now();
    noteQuota({
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - (window?.count ?? 0)),
      resetSeconds: Math.ceil(((window?.start ?? now) + rule.windowMs - now) / 1000),
      windowSeconds: Math.ceil(rule.windowMs / 1000),
    });
  }

  private current(key: string, rule: ThrottleRule): Window | undefined {
    const window = this.windows.get(key);
    return window && this.now() - window.start < rule.windowMs ? window : undefined;
  }
}
