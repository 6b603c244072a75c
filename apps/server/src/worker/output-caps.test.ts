import { describe, expect, it } from 'vitest';
import { LOG_CAPS, LogCap, METRIC_CAPS, MetricThinning } from './output-caps.ts';

/** Offers 1..n to a cap and answers what it stores, the held last ones included. */
function stored(n: number) {
  const thinning = new MetricThinning<number>();
  const kept: number[] = [];
  const notes: number[] = [];
  for (let point = 1; point <= n; point++) {
    const keep = thinning.offer(point);
    if (thinning.startsThinning) notes.push(point);
    if (keep !== undefined) kept.push(keep);
  }
  const last = thinning.last();
  return { kept: last === undefined ? kept : [...kept, last], notes };
}

describe('MetricThinning', () => {
  it('keeps every point of a short run, and says nothing', () => {
    expect(stored(METRIC_CAPS.dense)).toEqual({
      kept: Array.from({ length: METRIC_CAPS.dense }, (_, i) => i + 1),
      notes: [],
    });
  });

  it('keeps at most the cap of a run of a million points, dense first, every k-th after, and the last', () => {
    const { kept, notes } = stored(1_000_000);
    expect(kept).toHaveLength(METRIC_CAPS.max);
    expect(kept.slice(0, METRIC_CAPS.dense)).toEqual(
      Array.from({ length: METRIC_CAPS.dense }, (_, i) => i + 1),
    );
    expect(kept[METRIC_CAPS.dense]).toBe(METRIC_CAPS.dense + METRIC_CAPS.stride);
    expect(kept.at(-1)).toBe(1_000_000);
    expect(notes).toEqual([METRIC_CAPS.dense + 1]);
  });
});

describe('LogCap', () => {
  it('stores the first lines, then only the last few at the end', () => {
    const cap = new LogCap<number>();
    const kept: number[] = [];
    let dropping = 0;
    for (let line = 1; line <= 100_000; line++) {
      const keep = cap.offer(line);
      if (cap.startsDropping) dropping = line;
      if (keep !== undefined) kept.push(keep);
    }
    const tail = cap.last();
    expect(kept).toHaveLength(LOG_CAPS.max);
    expect(dropping).toBe(LOG_CAPS.max + 1);
    expect(tail).toEqual(Array.from({ length: LOG_CAPS.tail }, (_, i) => 100_000 - LOG_CAPS.tail + 1 + i));
    expect(cap.last()).toEqual([]);
  });
});
