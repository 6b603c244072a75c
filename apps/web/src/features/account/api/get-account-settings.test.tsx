import { renderHook, waitFor, act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs } from '../../../test/session.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { OWN_SETTINGS, settingsServer } from '../testing/settings-server.ts';
import {
  accountSettingsQueryOptions,
  getAccountSettings,
  SETTINGS_QUERY_ROOT,
  useAccountSettings,
} from './get-account-settings.ts';

function renderSettings() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  const view = renderHook(() => ({ settings: useAccountSettings(), auth: useAuth() }), { wrapper });
  return { ...view, queryClient };
}

const cachedSettings = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueriesData({ queryKey: SETTINGS_QUERY_ROOT }).filter(([, data]) => data !== undefined);

describe('the settings cache', () => {
  it('keeps settings in memory for 30 minutes, per user', () => {
    const options = accountSettingsQueryOptions('ada@example.com');
    expect(options.staleTime).toBe(30 * 60 * 1000);
    expect(options.gcTime).toBe(30 * 60 * 1000);
    expect(options.queryKey).toEqual(['account', 'settings', 'ada@example.com']);
  });

  it('returns nothing, without a call, when there is no user id', async () => {
    server.use(http.get(apiPath('/account/settings'), () => HttpResponse.error()));
    expect(await getAccountSettings(null)).toBeNull();
  });

  it('fetches once for the signed-in user and serves the cache after that', async () => {
    signedInAs();
    const backend = settingsServer(OWN_SETTINGS);
    const { result, rerender } = renderSettings();
    await waitFor(() => expect(result.current.settings.data).toEqual(OWN_SETTINGS));
    rerender();
    expect(backend.calls).toHaveLength(1);
  });

  it("does not use cached settings once the stored token is the literal 'invalid'", async () => {
    signedInAs();
    settingsServer(OWN_SETTINGS);
    const { result, rerender } = renderSettings();
    await waitFor(() => expect(result.current.settings.data).toEqual(OWN_SETTINGS));

    localStorage.setItem('auth_token', 'invalid');
    rerender();
    expect(result.current.settings.data).toBeNull();
  });

  it('is cleared on logout', async () => {
    signedInAs();
    settingsServer(OWN_SETTINGS);
    server.use(http.post(apiPath('/auth/logout'), () => HttpResponse.json({ message: 'Logged out' })));
    const { result, queryClient } = renderSettings();
    await waitFor(() => expect(result.current.settings.data).toEqual(OWN_SETTINGS));
    expect(cachedSettings(queryClient)).toHaveLength(1);

    await act(() => result.current.auth.logout());
    expect(cachedSettings(queryClient)).toHaveLength(0);
  });
});
