import type { IqmRetryEvent } from '../providers/quantum/iqm/iqm-retry.ts';
import type { IqmQueueState } from '../providers/quantum/iqm/iqm-sampler.ts';

/** A job IQM gives no queue position for is reported once it has waited this long: most barely wait. */
const QUEUE_REPORT_AFTER_MS = 5_000;
/** A waiting job is reported again at least this often, even if its place does not change. */
const QUEUE_REPORT_EVERY_MS = 60_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** An IQM job's place in IQM's queue as the monitor shows it: its position where IQM gives one. */
export interface IqmQueuePlaceReport {
  position: number | null;
  waitedMs: number;
}

/**
 * Turns what the IQM client and sampler meet into log lines for the job's monitor: each retry with what
 * failed and how long it waits, an IQM job's place in the queue when it changes (and once a minute), and a
 * summary of the time lost to retries and spent in the queue. `place` is told when an IQM job starts to wait,
 * when its position changes, and (null) when it leaves the queue: the monitor counts the time waited itself.
 */
export function iqmProgress(
  log: (line: string) => void,
  place: (report: IqmQueuePlaceReport | null) => void = () => {},
) {
  let retries = 0;
  let retryMs = 0;
  let queueMs = 0;
  let queuedJobs = 0;
  const waiting = new Set<string>();
  const reported = new Map<string, { position?: number; at: number }>();
  /** The position last told to `place`, by job: absent once the job has left the queue. */
  const placed = new Map<string, number | null>();
  return {
    onRetry(event: IqmRetryEvent): void {
      retries++;
      retryMs += event.waitMs;
      log(`${event.reason}; asking again in ${seconds(event.waitMs)} (attempt ${event.attempt + 1})`);
    },
    onQueue(state: IqmQueueState): void {
      const last = reported.get(state.jobId);
      const position = state.position ?? null;
      if (!state.waiting) {
        if (placed.delete(state.jobId)) place(null);
        if (waiting.delete(state.jobId)) queueMs += state.waitedMs;
        if (last) log(`IQM job ${state.jobId} left the queue after ${seconds(state.waitedMs)}`);
        reported.delete(state.jobId);
        return;
      }
      if (!waiting.has(state.jobId)) queuedJobs++;
      waiting.add(state.jobId);
      if (placed.get(state.jobId) !== position) {
        placed.set(state.jobId, position);
        place({ position, waitedMs: state.waitedMs });
      }
      if (!last && state.position === undefined && state.waitedMs < QUEUE_REPORT_AFTER_MS) return;
      if (last && last.position === state.position && state.waitedMs - last.at < QUEUE_REPORT_EVERY_MS)
        return;
      reported.set(state.jobId, { position: state.position, at: state.waitedMs });
      const where = state.position === undefined ? '' : ` at position ${state.position}`;
      log(`IQM job ${state.jobId} waits in IQM Resonance's queue${where}, ${seconds(state.waitedMs)} so far`);
    },
    /** The time the run lost to a bad minute and waited in the queue, if any. */
    summary(): string | null {
      const parts = [
        ...(retries === 0
          ? []
          : [`${retries} retried request${retries === 1 ? '' : 's'}, ${seconds(retryMs)} lost`]),
        ...(queuedJobs === 0
          ? []
          : [`${queuedJobs} job${queuedJobs === 1 ? '' : 's'} queued, ${seconds(queueMs)} waited`]),
      ];
      return parts.length === 0 ? null : `IQM Resonance: ${parts.join('; ')}`;
    },
  };
}
