import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, isActiveJobStatus, isTerminalJobStatus, jobStatus, statusBadge } from './statuses.ts';

describe('statusBadge', () => {
  it.each([
    ['COMPLETED', 'green'],
    ['SUCCEEDED', 'green'],
    ['RUNNING', 'blue-pulse'],
    ['STARTING', 'light-blue'],
    ['FAILED', 'red'],
    ['CANCELLED', 'grey'],
    ['CREATED', 'yellow'],
    ['QUEUED', 'orange'],
    ['STOPPING', 'purple'],
    ['CANCELLING', 'purple'],
    ['STOPPED', 'dark-grey'],
    ['PENDING', 'yellow'],
  ])('%s is %s', (status, colour) => {
    expect(statusBadge(status)).toEqual({ label: status, colour });
  });

  it('shows UNKNOWN when absent and grey for any other value', () => {
    expect(statusBadge(undefined)).toEqual({ label: 'UNKNOWN', colour: 'grey' });
    expect(statusBadge(null)).toEqual({ label: 'UNKNOWN', colour: 'grey' });
    expect(statusBadge('')).toEqual({ label: 'UNKNOWN', colour: 'grey' });
    expect(statusBadge('UNKNOWN')).toEqual({ label: 'UNKNOWN', colour: 'grey' });
    expect(statusBadge('running')).toEqual({ label: 'running', colour: 'grey' });
  });
});

describe('active and terminal statuses', () => {
  it('offers Cancel only for QUEUED, RUNNING, STARTING and CREATED', () => {
    expect(JOB_STATUSES.filter(isActiveJobStatus)).toEqual(['CREATED', 'QUEUED', 'STARTING', 'RUNNING']);
    expect(isActiveJobStatus(undefined)).toBe(false);
    expect(isActiveJobStatus('queued')).toBe(false);
  });

  it('stops log polling only at COMPLETED, FAILED and CANCELLED', () => {
    expect(JOB_STATUSES.filter(isTerminalJobStatus)).toEqual(['COMPLETED', 'FAILED', 'CANCELLED']);
    expect(isTerminalJobStatus(null)).toBe(false);
  });

  it('keeps polling while Braket is CANCELLING, without offering Cancel again', () => {
    expect(isActiveJobStatus('CANCELLING')).toBe(false);
    expect(isTerminalJobStatus('CANCELLING')).toBe(false);
  });
});

describe('jobStatus schema', () => {
  it('accepts the statuses and refuses others with the list', () => {
    expect(jobStatus.parse('RUNNING')).toBe('RUNNING');
    const result = jobStatus.safeParse('UNKNOWN');
    expect(result.error?.issues[0].message).toBe(`status must be one of: ${JOB_STATUSES.join(', ')}`);
  });
});
