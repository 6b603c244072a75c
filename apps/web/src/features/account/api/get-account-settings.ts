import {
  accountSettingsResponse,
  SETTINGS_CACHE_TTL_MS,
  type AccountSettingsResponse,
} from '@hivqe/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { accessToken, STORAGE_KEYS } from '../../../lib/token-storage.ts';
import { invalidateJobCaches } from '../../jobs/job-caches.ts';
import { useAuth } from '../../auth/auth-context.ts';

/** Every settings query lives under this key; the jobs screens read the same cache. */
export const SETTINGS_QUERY_ROOT = ['account', 'settings'] as const;

/** GET /account/settings; a fetch without a user id returns nothing (spec 5). */
export async function getAccountSettings(userId: string | null): Promise<AccountSettingsResponse | null> {
  if (!userId) return null;
  return apiClient.request('/account/settings', accountSettingsResponse);
}

/** Kept in memory for 30 minutes (spec 9), per user. */
export const accountSettingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...SETTINGS_QUERY_ROOT, userId],
    queryFn: () => getAccountSettings(userId),
    staleTime: SETTINGS_CACHE_TTL_MS,
    gcTime: SETTINGS_CACHE_TTL_MS,
  });

/** A token is stored but unusable (the literal 'invalid'): cached settings must not be used (spec 5). */
const storedTokenUnusable = () => localStorage.getItem(STORAGE_KEYS.accessToken) !== null && !accessToken();

/** The signed-in user's settings: their own AWS account or the platform's, and the masked IQM key. */
export function useAccountSettings() {
  const { user } = useAuth();
  const userId = user?.user_id ?? null;
  return useQuery({
    ...accountSettingsQueryOptions(userId),
    enabled: userId !== null,
    select: (settings) => (storedTokenUnusable() ? null : settings),
  });
}

/**
 * After cloud or IQM settings change (spec 4.7): the settings are fetched again wherever they are shown, and the
 * job lists, whose role, account or key may have changed, are dropped and reloaded.
 */
export async function invalidateSettingsCaches(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_ROOT }),
    invalidateJobCaches(queryClient),
  ]);
}
