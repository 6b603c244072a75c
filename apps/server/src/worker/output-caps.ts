/**
 * How much one job may write (issue 24 §5): an unbounded run once wrote 46 MB of energy points a minute. Points
 * are thinned, not cut: the chart keeps its start dense, its later course every k-th point and always the last
 * point, and the job's log says so. Log lines past a cap are dropped but for the last few, which show how it
 * ended.
 */
export const METRIC_CAPS = {
  /** Every point up to this many is stored: half of a cloud job's most iterations (MAX_ITERATIONS). */
  dense: 500,
  /** After them, every `stride`-th point. */
  stride: 10,
  /** At most this many in all, the last point included: an IQM scan runs up to 50 molecules of 1,000 iterations. */
  max: 1000,
} as const;

export const LOG_CAPS = {
  /** Lines stored as they come. */
  max: 5000,
  /** Of the lines after those, the last `tail`, stored when the job ends. */
  tail: 100,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

export const CAP_NOTES = {
  metricsThinned:
    `Energy points thinned after ${count(METRIC_CAPS.dense)}: from here every ${METRIC_CAPS.stride}th ` +
    `iteration's point is stored, at most ${count(METRIC_CAPS.max)} in all, and always the last.`,
  logCapped:
    `Log capped at ${count(LOG_CAPS.max)} lines: later lines are dropped except the last ${LOG_CAPS.tail}, ` +
    'stored when the job ends.',
} as const;

/** Which energy points of a job are stored (METRIC_CAPS); the last one offered is held until `last()`. */
export class MetricThinning<Point> {
  private seen = 0;
  private kept = 0;
  private held: Point | undefined;

  /** The point to store now, or undefined when it is left out (it may still be stored as the last). */
  offer(point: Point): Point | undefined {
    this.seen += 1;
    const thinned =
      this.seen > METRIC_CAPS.dense && (this.seen - METRIC_CAPS.dense) % METRIC_CAPS.stride !== 0;
    // One place is kept free for the last point.
    if (thinned || this.kept >= METRIC_CAPS.max - 1) {
      this.held = point;
      return undefined;
    }
    this.kept += 1;
    this.held = undefined;
    return point;
  }

  /** True once, at the first point left out: the moment to say so in the job's log. */
  get startsThinning(): boolean {
    return this.seen === METRIC_CAPS.dense + 1;
  }

  /** The last point offered, if it was left out; then it counts as stored. */
  last(): Point | undefined {
    const point = this.held;
    this.held = undefined;
    if (point !== undefined) this.kept += 1;
    return point;
  }
}

/** Which log lines of a job are stored (LOG_CAPS): the first `max`, then the last `tail` at the end. */
export class LogCap<Line> {
  private seen = 0;
  private tail: Line[] = [];

  offer(line: Line): Line | undefined {
    this.seen += 1;
    if (this.seen <= LOG_CAPS.max) return line;
    this.tail.push(line);
    if (this.tail.length > LOG_CAPS.tail) this.tail.shift();
    return undefined;
  }

  /** True once, at the first line dropped. */
  get startsDropping(): boolean {
    return this.seen === LOG_CAPS.max + 1;
  }

  /** The held last lines, oldest first. */
  last(): Line[] {
    return this.tail.splice(0);
  }
}
