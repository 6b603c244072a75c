import { describe, expect, it } from 'vitest';
import { energyPointsFromLogs, metricsByIteration, parseMetricsLine } from './log-metrics.ts';

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

describe("the lines Braket's log_metric writes: one metric per line", () => {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 28, 7, 0, second));
  const line = (message: string, second = 0) => ({ message, timestamp: at(second) });
  // As the SDK prints them: `Metrics - timestamp=<t>; <name>=<value>; iteration_number=<n>;`.
  const logged = (name: string, value: string, iteration: number, epoch = 1795849200 + iteration) =>
    line(`Metrics - timestamp=${epoch}; ${name}=${value}; iteration_number=${iteration};`);

  it('merges energy, num_states and error of one iteration from separate lines in any order', () => {
    const events = [
      logged('num_states', '12', 1),
      logged('energy', '-108.95', 0),
      logged('error', '0.0021', 1),
      line('an unrelated line about iteration_number=1; energy=5;'),
      logged('energy', '-109.01', 1),
      logged('num_states', '4', 0),
      logged('subspace_fraction', '0.25', 1),
    ];
    expect(energyPointsFromLogs(events, '-109.0')).toEqual([
      {
        costFunctionCall: 0,
        energy: -108.95,
        // No logged error for iteration 0: energy − the job's exact energy.
        error: expect.closeTo(0.05, 12),
        numStates: 4,
        timestamp: new Date(1795849200 * 1000),
      },
      {
        costFunctionCall: 1,
        energy: -109.01,
        error: 0.0021,
        numStates: 12,
        timestamp: new Date(1795849201 * 1000),
      },
    ]);
    // Every field is read, those the chart does not draw included.
    expect(metricsByIteration(events)[1].values).toEqual({
      num_states: 12,
      error: 0.0021,
      energy: -109.01,
      subspace_fraction: 0.25,
    });
  });

  it('reads the pairs in any order, with spaces around = and ;, and an iteration logged again keeps the last value', () => {
    const events = [
      line('Metrics - iteration_number = 3 ; energy = -1.5 ; timestamp = 1795849300.5 ;'),
      line('Metrics - energy=-1.25; iteration_number=3; timestamp=1795849301;'),
    ];
    expect(energyPointsFromLogs(events, undefined)).toEqual([
      { costFunctionCall: 3, energy: -1.25, error: null, numStates: 0, timestamp: new Date(1795849300500) },
    ]);
  });

  it('skips an iteration without an energy, lines without an iteration, and values that are not numbers', () => {
    const events = [
      logged('num_states', '8', 4),
      line('Metrics - timestamp=1795849300; energy=-2;'),
      logged('energy', 'nan', 5),
      logged('energy', '-2.5', 6),
      logged('num_states', 'inf', 6),
    ];
    expect(energyPointsFromLogs(events, undefined)).toEqual([
      {
        costFunctionCall: 6,
        energy: -2.5,
        error: null,
        numStates: 0,
        timestamp: new Date(1795849206 * 1000),
      },
    ]);
  });
});
