import { useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { isSystemAdmin } from '../../auth/permissions.ts';
import { MarketplaceLinkedBanner } from '../../marketplace/components/marketplace-linked-banner.tsx';
import { useMyOrganizationCount } from '../../organizations/api/get-my-organizations.ts';
import { useProfile } from '../api/get-profile.ts';
import { ApiTokensSection } from './api-tokens-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PersonalInformationSection } from './personal-information-section.tsx';
import { ProviderSettingsSections } from './provider-settings-sections.tsx';
import { RolesPermissionsSection } from './roles-permissions-section.tsx';

type TabId = 'settings' | 'api-tokens';

const TABS = [
  { id: 'settings', label: 'Settings' },
  { id: 'api-tokens', label: 'API Tokens' },
] as const;

/** accounts.md 2.9, one component per section; API tokens (issue 28) on a tab of their own, `&tab=api-tokens`. */
export function AccountSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabId = searchParams.get('tab') === 'api-tokens' ? 'api-tokens' : 'settings';
  const selectTab = (id: TabId) =>
    setSearchParams((params) => {
      if (id === 'settings') params.delete('tab');
      else params.set('tab', id);
      return params;
    });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Account Settings</h1>
        <p className="mt-1 text-sm text-slate-500">Manage your quantum computing service configurations</p>
      </div>
      <Tabs label="Account Settings views" tabs={TABS} selected={tab} onSelect={selectTab}>
        {tab === 'settings' ? <SettingsTab /> : <ApiTokensSection />}
      </Tabs>
    </div>
  );
}

function SettingsTab() {
  const profile = useProfile();
  const { permissions } = useAuth();
  const organizationCount = useMyOrganizationCount();
  return (
    <div className="space-y-6">
      {profile.isPending ? (
        <StatusMessage>Loading account settings...</StatusMessage>
      ) : (
        <>
          <MarketplaceLinkedBanner />
          <PersonalInformationSection profile={profile.data} />
          <RolesPermissionsSection organizationCount={organizationCount} />
          <PasswordSection />
          {isSystemAdmin(permissions) && <ProviderSettingsSections />}
          <DeleteAccountSection />
        </>
      )}
    </div>
  );
}
