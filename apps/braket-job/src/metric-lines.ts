import { metricLine, METRICS_MARKER, type IterationPoint } from '@hivqe/engine';

// Braket's console and the product's CloudWatch parser both read the metric lines (engine's metricLine).
const ENGINE_ENERGY_LINE = new RegExp(
  `^${METRICS_MARKER} timestamp=[^;]+; energy=[^;]+; iteration_number=(\\d+);$`,
);

/**
 * The engine logs each iteration's energy as a log_metric line itself; after it come the iteration's
 * other metrics, under the same iteration number: the subspace size (num_states) and, when an exact or
 * CASCI energy is known, the error. `point` is the iteration the engine reported last.
 */
export function metricsAfterLogLine(line: string, point: IterationPoint | undefined): string[] {
  const match = ENGINE_ENERGY_LINE.exec(line);
  if (match === null || point === undefined) return [];
  const iteration = Number(match[1]);
  const seconds = Date.parse(point.timestamp) / 1000;
  return [
    metricLine('num_states', point.numStates, seconds, iteration),
    ...(Number.isNaN(point.error) ? [] : [metricLine('error', point.error, seconds, iteration)]),
  ];
}
