/**
 * Fixed-window counters kept in memory. The API runs as one process (workers never serve HTTP),
 * so in-process counters see every request; see docs/decisions.md.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export class Throttle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until `key` may act again under `rule`, or 0 when it may act now. */
  retryAfter(key: string, rule: ThrottleRule): number {
    const window = this.windows.get(key);
    const now = this.now();
    if (!window || now - window.start >= rule.windowMs || window.count < rule.limit) return 0;
    return Math.ceil((window.start + rule.windowMs - now) / 1000);
  }

  hit(key: string, rule: ThrottleRule): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= rule.windowMs) this.windows.set(key, { start: now, count: 1 });
    else window.count += 1;
    if (this.windows.size > 100_000) this.sweep(rule.windowMs);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(windowMs: number): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
  }
}
