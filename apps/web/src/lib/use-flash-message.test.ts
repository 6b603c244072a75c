import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFlashMessage } from './use-flash-message.ts';

describe('useFlashMessage', () => {
  it('clears a message after 3 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFlashMessage());

    act(() => result.current.flash('success', 'Profile updated successfully'));
    expect(result.current.message).toEqual({ tone: 'success', text: 'Profile updated successfully' });

    act(() => vi.advanceTimersByTime(2_999));
    expect(result.current.message).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });
});
