/**
 * The room an engine thread gets over its job's memory estimate: the estimate counts the arrays a run holds
 * at once, and the thread's heap and buffers also hold garbage not yet collected.
 */
const MARGIN = 1.5;

/** The memory limit (MB) of the engine thread that runs a job estimated at `estimateMb`. */
export const threadMemoryLimitMb = (estimateMb: number): number => Math.ceil(estimateMb * MARGIN);

/** A job's failure reason when its engine thread reached its memory limit. */
export const memoryExceeded = (limitMb: number, estimateMb: number): string =>
  `The job needed more memory than its limit of ${limitMb} MB (the engine's estimate, ${estimateMb} MB, ` +
  'with a margin) and was stopped; the worker goes on with other jobs.';
