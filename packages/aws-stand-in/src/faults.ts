import type { ServiceName } from './validation/models.ts';

/**
 * A failure to answer the next `times` matching calls with: `throttle` (the service's throttling error),
 * `error` (its internal error, HTTP 500) or `hang` (no answer until the stand-in closes).
 * Omitting `service`/`operation` matches every call.
 */
export interface Fault {
  kind: 'throttle' | 'error' | 'hang';
  service?: ServiceName;
  operation?: string;
  times?: number;
}

export class Faults {
  private pending: Array<Required<Pick<Fault, 'kind' | 'times'>> & Fault> = [];

  inject(fault: Fault): void {
    this.pending.push({ ...fault, times: fault.times ?? 1 });
  }

  clear(): void {
    this.pending = [];
  }

  /** The fault to apply to this call, counting it down. */
  take(service: ServiceName, operation: string): Fault['kind'] | undefined {
    const fault = this.pending.find(
      (f) =>
        (f.service === undefined || f.service === service) &&
        (f.operation === undefined || f.operation === operation),
    );
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.pending = this.pending.filter((f) => f !== fault);
    return fault.kind;
  }
}
