import { Banner } from '../../../components/ui/banner.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useAccountSettings } from '../api/get-account-settings.ts';
import { AwsSettingsSection } from './aws-settings-section.tsx';
import { IqmKeySection } from './iqm-key-section.tsx';

/** The provider-credential sections, which only system administrators see (spec 2.9, 6). */
export function ProviderSettingsSections() {
  const settings = useAccountSettings();
  if (settings.isPending) return <StatusMessage>Loading provider settings...</StatusMessage>;
  if (!settings.data) return <Banner tone="error">Failed to load provider settings</Banner>;
  return (
    <>
      <AwsSettingsSection settings={settings.data} />
      <IqmKeySection settings={settings.data} />
    </>
  );
}
