import { METRICS_MARKER as MARKER } from '@hivqe/engine';
import type { EnergyPoint, JobLogEvent } from '../backend.ts';

/** One `key=value;` pair of a Braket metrics line (the SDK's log parser reads the same). */
const PAIR = /(\w+)\s*=\s*([^;]+?)\s*;/g;

/** The `key=value;` pairs of a `Metrics - …` log line, or null when the line is not one. */
export function parseMetricsLine(message: string): Record<string, string> | null {
  const at = message.indexOf(MARKER);
  if (at < 0) return null;
  const values: Record<string, string> = {};
  for (const [, key, value] of message.slice(at + MARKER.length).matchAll(PAIR)) values[key] = value;
  return values;
}

const finite = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/** Every metric logged for one iteration, from however many lines; `at` is when its first line was logged. */
export interface IterationMetrics {
  iteration: number;
  values: Record<string, number>;
  at: Date;
}

/**
 * The job's metrics by iteration. Braket's `log_metric` writes one metric per line
 * (`Metrics - timestamp=<epoch s>; <name>=<value>; iteration_number=<n>;`), so an iteration's energy,
 * num_states and error arrive on separate lines, in any order and with the pairs in any order; lines of the
 * same iteration merge, a later value of a metric replacing an earlier one. A line without an iteration
 * number, or a value that is not a finite number, cannot be placed and is skipped. The time is the iteration's
 * first epoch `timestamp=`, else its first log event's.
 */
export function metricsByIteration(events: readonly JobLogEvent[]): IterationMetrics[] {
  const byIteration = new Map<number, IterationMetrics>();
  for (const event of events) {
    const pairs = parseMetricsLine(event.message);
    const iteration = finite(pairs?.iteration_number);
    if (!pairs || iteration === undefined) continue;
    const epoch = finite(pairs.timestamp);
    const at = epoch === undefined ? event.timestamp : new Date(epoch * 1000);
    const key = Math.trunc(iteration);
    const merged = byIteration.get(key) ?? { iteration: key, values: {}, at };
    for (const [name, text] of Object.entries(pairs)) {
      const value = finite(text);
      if (value !== undefined && name !== 'timestamp' && name !== 'iteration_number')
        merged.values[name] = value;
    }
    byIteration.set(key, merged);
  }
  return [...byIteration.values()].sort((a, b) => a.iteration - b.iteration);
}

/**
 * The chart's points: one per iteration that logged an energy, in iteration order. numStates is the logged
 * `num_states` (else 0); error is the logged `error`, else energy − the job's exact energy, else null.
 */
export function energyPointsFromLogs(
  events: readonly JobLogEvent[],
  exactEnergyText: string | undefined,
): EnergyPoint[] {
  const exact = finite(exactEnergyText);
  return metricsByIteration(events).flatMap(({ iteration, values, at }) => {
    const { energy, num_states: numStates, error } = values;
    if (energy === undefined) return [];
    return [
      {
        costFunctionCall: iteration,
        energy,
        error: error ?? (exact === undefined ? null : energy - exact),
        numStates: Math.max(0, Math.trunc(numStates ?? 0)),
        timestamp: at,
      },
    ];
  });
}
