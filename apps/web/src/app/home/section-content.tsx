import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { isSystemAdmin } from '../../features/auth/permissions.ts';
import {
  AccountSettingsPage,
  AdminPanel,
  AuditLogsPage,
  HybridJobsPanel,
  InvitationsPage,
  IqmJobsPanel,
  OrganizationsPage,
} from '../screens.tsx';
import type { Section } from './sections.ts';

export function SectionContent({ section }: { section: Section }) {
  const { permissions, isPermissionsLoading } = useAuth();
  if (section.systemAdminOnly && !isSystemAdmin(permissions)) {
    if (isPermissionsLoading) return <StatusMessage>Loading...</StatusMessage>;
    return <AccessDenied message="System administrator privileges are required to access this page." />;
  }
  switch (section.id) {
    case 'dashboard':
      return <HybridJobsPanel />;
    case 'account':
      return <AccountSettingsPage />;
    case 'organizations':
      return <OrganizationsPage />;
    case 'users':
      return <AdminPanel />;
    case 'invitations':
      return <InvitationsPage />;
    case 'iqm':
      return <IqmJobsPanel />;
    case 'logs':
      return <AuditLogsPage />;
  }
}
