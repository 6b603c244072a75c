import { API_KEY_VISIBLE_CHARS, type AccountSettingsResponse } from '@hivqe/contract';

type Settings = AccountSettingsResponse | null | undefined;

/** The cloud role the jobs run with (the user's own or the platform's), or null when none is configured. */
export const cloudRoleOf = (settings: Settings) => settings?.role_arn || null;

/** The last 10 characters of the IQM key (all the browser ever sees), or null when none is set. */
export const iqmKeyTailOf = (settings: Settings) =>
  settings?.iqm_api_key ? settings.iqm_api_key.slice(-API_KEY_VISIBLE_CHARS) : null;
