import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { AccountSettingsPage } from '../../features/account/components/account-settings-page.tsx';
import { AdminPanel } from '../../features/admin/components/admin-panel.tsx';
import { AuditLogsPage } from '../../features/admin/components/audit-logs-page.tsx';
import { InvitationsPage } from '../../features/invitations/components/invitations-page.tsx';
import { IqmJobsPanel } from '../../features/iqm/components/iqm-jobs-panel.tsx';
import { HybridJobsPanel } from '../../features/jobs/components/hybrid-jobs-panel.tsx';
import { OrganizationsPage } from '../../features/organizations/components/organizations-page.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { isSystemAdmin } from '../../features/auth/permissions.ts';
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
