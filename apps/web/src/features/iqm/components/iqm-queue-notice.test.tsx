import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IqmQueueNotice, waitedFor } from './iqm-queue-notice.tsx';

describe('the time waited in IQM Resonance’s queue', () => {
  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [(59 * 60 + 59) * 1000, '59 min'],
    [3_600_000, '1 h 0 min'],
    [(2 * 3600 + 5 * 60) * 1000, '2 h 5 min'],
    // The browser's clock a little behind the server's.
    [-1500, '0 s'],
  ])('%i ms reads %s', (ms, words) => {
    expect(waitedFor(ms)).toBe(words);
  });
});

describe('IqmQueueNotice', () => {
  afterEach(() => vi.useRealTimers());

  it('counts the time waited on between polls', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:50.000Z') });
    render(<IqmQueueNotice queue={{ position: 2, waiting_since: '2026-01-01T10:00:00.000Z' }} />);
    expect(screen.getByText("Waiting in IQM Resonance's queue: position 2, waited 50 s")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(
      screen.getByText("Waiting in IQM Resonance's queue: position 2, waited 1 min"),
    ).toBeInTheDocument();
  });
});
