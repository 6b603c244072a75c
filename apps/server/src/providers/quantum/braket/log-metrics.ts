import type { EnergyPoint, JobLogEvent } from '../backend.ts';

/** One `key=value;` pair of a Braket metrics line. */
const PAIR = /(\w+)\s*=\s*([^;]+)\s*;/g;
const MARKER = 'Metrics -';

/** The `key=value;` pairs of a `Metrics - …` log line, or null when the line is not one. */
export function parseMetricsLine(message: string): Record<string, string> | null {
  const at = message.indexOf(MARKER);
  if (at < 0) return null;
  const values: Record<string, string> = {};
  for (const [, key, value] of message.slice(at + MARKER.length).matchAll(PAIR)) values[key] = value.trim();
  return values;
}

const finite = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/**
 * The energy points of a job's log: one per metrics line with an energy and an iteration number.
 * error = energy − exact energy when the job carries one; numStates from `num_states=` when logged, else 0;
 * the time is the line's epoch `timestamp=` (seconds), else the log event's.
 */
export function energyPointsFromLogs(
  events: readonly JobLogEvent[],
  exactEnergyText: string | undefined,
): EnergyPoint[] {
  const exact = finite(exactEnergyText);
  const points: EnergyPoint[] = [];
  for (const event of events) {
    const values = parseMetricsLine(event.message);
    if (!values) continue;
    const energy = finite(values.energy);
    const iteration = finite(values.iteration_number);
    if (energy === undefined || iteration === undefined) continue;
    const epoch = finite(values.timestamp);
    points.push({
      costFunctionCall: Math.trunc(iteration),
      energy,
      error: exact === undefined ? null : energy - exact,
      numStates: Math.trunc(finite(values.num_states) ?? 0),
      timestamp: epoch === undefined ? event.timestamp : new Date(epoch * 1000),
    });
  }
  return points;
}
