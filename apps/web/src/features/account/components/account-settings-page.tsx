import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useProfile } from '../api/get-profile.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PersonalInformationSection } from './personal-information-section.tsx';
import { RolesPermissionsSection } from './roles-permissions-section.tsx';

/** Each section is its own component so the provider-credential and marketplace sections can slot in later. */
export function AccountSettingsPage() {
  const profile = useProfile();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Account Settings</h1>
        <p className="mt-1 text-sm text-slate-500">Manage your quantum computing service configurations</p>
      </div>
      {profile.isPending ? (
        <StatusMessage>Loading account settings...</StatusMessage>
      ) : (
        <>
          <PersonalInformationSection profile={profile.data} />
          {/* Organizations are not built yet; their count is wired here once they are. */}
          <RolesPermissionsSection organizationCount={0} />
          <DeleteAccountSection />
        </>
      )}
    </div>
  );
}
