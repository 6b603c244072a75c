import {
  accountSettingsResponse,
  connectionTestResponse,
  type AccountSettingsResponse,
  type CloudSettingsRequest,
  type ConnectionTestResponse,
  type IqmSettingsRequest,
  type SettingsProvider,
} from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateSettingsCaches } from './get-account-settings.ts';

/** The console changes the signed-in user's own settings: user_email is sent empty, as the spec observed. */
const OWN = '?user_email=';

export const updateAwsSettings = (body: CloudSettingsRequest) =>
  apiClient.request(`/account/settings/aws${OWN}`, accountSettingsResponse, { method: 'PUT', body });

export const updateIqmSettings = (body: IqmSettingsRequest) =>
  apiClient.request(`/account/settings/iqm${OWN}`, accountSettingsResponse, { method: 'PUT', body });

export const deleteProviderSettings = (provider: SettingsProvider) =>
  apiClient.request(
    `/account/settings${OWN}${provider === 'iqm' ? '&provider=iqm' : ''}`,
    accountSettingsResponse,
    {
      method: 'DELETE',
    },
  );

export const testAwsConnection = (): Promise<ConnectionTestResponse> =>
  apiClient.request(`/account/settings/aws/test${OWN}`, connectionTestResponse, { method: 'POST' });

/** A change of provider settings; it counts as done once every cache that depends on them is refreshed. */
export function useSettingsChange<Input>(change: (input: Input) => Promise<AccountSettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => invalidateSettingsCaches(queryClient) });
}
