import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeShell, HybridJobsPanel, preloadLanding } from './screens.tsx';

describe('preloadLanding', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  const spies = () => [vi.spyOn(HomeShell, 'preload'), vi.spyOn(HybridJobsPanel, 'preload')];

  it('starts loading the shell and the job list when the Dashboard is opened', () => {
    const [shell, panel] = spies();
    preloadLanding('/');
    expect(shell).toHaveBeenCalledOnce();
    expect(panel).toHaveBeenCalledOnce();
  });

  it('loads nothing ahead for another page or another home section', () => {
    const [shell, panel] = spies();
    preloadLanding('/login');
    window.history.replaceState(null, '', '/?section=account');
    preloadLanding('/');
    expect(shell).not.toHaveBeenCalled();
    expect(panel).not.toHaveBeenCalled();
  });
});
