import type { IterationPoint } from '../types.ts';
import type { Handover } from './handover.ts';
import type { ProbeResult } from './probe.ts';

/**
 * The Braket-style metric line the job runner parses (shared/engine.md §8), exactly:
 * `Metrics - timestamp=<epoch seconds>; energy=<E>; iteration_number=<n>;`
 */
export function metricLine(point: IterationPoint, iteration: number): string {
  const seconds = Date.parse(point.timestamp) / 1000;
  return `Metrics - timestamp=${seconds}; energy=${point.energy}; iteration_number=${iteration};`;
}

/** The human-readable progress line of one iteration. */
export function iterationLogLine(
  iteration: number,
  point: IterationPoint,
  strings: number,
  plus: ProbeResult,
  minus: ProbeResult,
  handed: Handover | null,
): string {
  const error = Number.isNaN(point.error) ? '' : `, error ${(point.error * 1000).toFixed(3)} mHa`;
  const shots = (['kept', 'repaired', 'dropped'] as const)
    .map((kind) => `${plus.tally[kind] + minus.tally[kind]} ${kind}`)
    .join(', ');
  const expansion = handed === null ? 'no handover' : `handover of ${handed.determinants} excitations`;
  return (
    `iteration ${iteration}: E = ${point.energy.toFixed(8)} Ha${error}; ` +
    `${point.numStates} determinants (${strings} strings per spin); shots ${shots}; ${expansion}`
  );
}
