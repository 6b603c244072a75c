import { describe, expect, it } from 'vitest';
import { energyPointsFromLogs, parseMetricsLine } from './log-metrics.ts';

describe('parseMetricsLine', () => {
  it('reads every key=value; pair after the marker', () => {
    expect(
      parseMetricsLine('12:00 INFO Metrics - timestamp=1700000000.25; energy=-108.9; iteration_number=4;'),
    ).toEqual({
      timestamp: '1700000000.25',
      energy: '-108.9',
      iteration_number: '4',
    });
  });

  it('is null for other lines', () => {
    expect(parseMetricsLine('energy=-1; iteration_number=1;')).toBeNull();
  });
});

describe('energyPointsFromLogs', () => {
  const event = (message: string) => ({ message, timestamp: new Date('2026-01-01T00:00:00Z') });

  it('has no error without an exact energy, and takes the event time without a timestamp key', () => {
    const [point] = energyPointsFromLogs([event('Metrics - energy=-2.5; iteration_number=7;')], undefined);
    expect(point).toEqual({
      costFunctionCall: 7,
      energy: -2.5,
      error: null,
      numStates: 0,
      timestamp: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('skips lines without a numeric energy or iteration', () => {
    const points = energyPointsFromLogs(
      [event('Metrics - energy=nan-ish; iteration_number=1;'), event('Metrics - energy=-1;')],
      '-1',
    );
    expect(points).toEqual([]);
  });
});
