import { describe, expect, it } from 'vitest';
import { energyDataPoint, hybridJobLogsResponse, hybridJobMetricsResponse } from './monitor-schemas.ts';

describe('hybridJobLogsResponse', () => {
  it('parses log lines with and without a timestamp', () => {
    const logs = {
      logs: [{ message: 'Iteration 1: E = -1.1' }, { message: 'done', timestamp: '2024-01-01T00:00:05Z' }],
      log_stream_name: 'hivqe-1/algo-1-1700000000',
      success: true,
      message: 'Retrieved 2 log events',
    };
    expect(hybridJobLogsResponse.parse(logs)).toEqual(logs);
  });

  it('allows no stream yet, and needs a message on every line', () => {
    expect(
      hybridJobLogsResponse.safeParse({
        logs: [],
        log_stream_name: null,
        success: false,
        message: 'No logs yet',
      }).success,
    ).toBe(true);
    expect(
      hybridJobLogsResponse.safeParse({
        logs: [{ timestamp: '2024-01-01T00:00:05Z' }],
        log_stream_name: null,
        success: true,
        message: '',
      }).success,
    ).toBe(false);
  });
});

describe('energyDataPoint and the metrics response', () => {
  const point = {
    costFunctionCall: 1,
    energy: -1.137,
    error: 0.0002,
    numStates: 4,
    timestamp: '2024-01-01T00:00:01Z',
  };

  it('parses points, error null when no exact energy is known', () => {
    expect(energyDataPoint.parse(point)).toEqual(point);
    expect(energyDataPoint.parse({ ...point, error: null }).error).toBeNull();
    const metrics = { job_arn: 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1', points: [point] };
    expect(hybridJobMetricsResponse.parse(metrics)).toEqual(metrics);
  });

  it('refuses negative or fractional counts and infinite energies', () => {
    expect(energyDataPoint.safeParse({ ...point, costFunctionCall: -1 }).success).toBe(false);
    expect(energyDataPoint.safeParse({ ...point, numStates: 2.5 }).success).toBe(false);
    expect(energyDataPoint.safeParse({ ...point, energy: -Infinity }).success).toBe(false);
  });
});
