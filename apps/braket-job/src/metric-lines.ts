import type { IterationPoint } from '@hivqe/engine';

/**
 * One line per metric, as the Braket SDK's `log_metric` prints it (src/braket/jobs/metrics.py):
 * `Metrics - timestamp=<epoch seconds>; <name>=<value>; iteration_number=<n>;`. Braket's console and
 * the product's CloudWatch parser both read these lines.
 */
export function metricLine(name: string, value: number, timestampSeconds: number, iteration: number): string {
  return `Metrics - timestamp=${timestampSeconds}; ${name}=${value}; iteration_number=${iteration};`;
}

const ENGINE_ENERGY_LINE = /^Metrics - timestamp=[^;]+; energy=[^;]+; iteration_number=(\d+);$/;

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
