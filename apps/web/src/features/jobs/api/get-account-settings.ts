import { API_KEY_VISIBLE_CHARS } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * GET /account/settings as the job side reads it (jobs.md 3 'Settings read by the job side'): the effective
 * cloud settings (the user's own, or the platform's local defaults) and the IQM key, which the server sends
 * masked or as its last 10 characters only. Defined here until it moves to the contract.
 */
export const accountSettingsResponse = z.object({
  account_id: z.string().nullish(),
  aws_region: z.string().nullish(),
  role_arn: z.string().nullish(),
  external_id: z.string().nullish(),
  iqm_api_key: z.string().nullish(),
});
export type AccountSettings = z.infer<typeof accountSettingsResponse>;

/** Settings are cached for 30 minutes (jobs.md 9). */
const SETTINGS_STALE_MS = 30 * 60 * 1000;

/** No settings at all (404) reads as null: the panels then show their missing-configuration state. */
export async function getAccountSettings(): Promise<AccountSettings | null> {
  try {
    return await apiClient.request('/account/settings', accountSettingsResponse);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'settings'],
    queryFn: getAccountSettings,
    staleTime: SETTINGS_STALE_MS,
  });

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}

/** The cloud role the jobs run with, or null when none is configured. */
export const cloudRoleOf = (settings: AccountSettings | null | undefined) => settings?.role_arn || null;

/** The last 10 characters of the IQM key (all the browser keeps), or null when none is set. */
export const iqmKeyTailOf = (settings: AccountSettings | null | undefined) =>
  settings?.iqm_api_key ? settings.iqm_api_key.slice(-API_KEY_VISIBLE_CHARS) : null;
