import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { AccountSettingsPage } from '../../features/account/components/account-settings-page.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { isSystemAdmin } from '../../features/auth/permissions.ts';
import { PlaceholderSection } from './placeholder-section.tsx';
import type { Section } from './sections.ts';

export function SectionContent({ section }: { section: Section }) {
  const { permissions, isPermissionsLoading } = useAuth();
  if (section.systemAdminOnly && !isSystemAdmin(permissions)) {
    if (isPermissionsLoading) return <StatusMessage>Loading...</StatusMessage>;
    return <AccessDenied message="System administrator privileges are required to access this page." />;
  }
  if (section.id === 'account') return <AccountSettingsPage />;
  return <PlaceholderSection title={section.label} />;
}
