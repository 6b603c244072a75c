import { lazyNamed } from '../lib/lazy-named.tsx';

/**
 * Starts loading, alongside the session check, what the page being opened will show first: on the home path
 * the shell and the Dashboard's job list, so the first rows do not wait for two chunks one after the other.
 */
export function preloadLanding(pathname: string): void {
  if (pathname === '/' && !new URLSearchParams(window.location.search).has('section')) {
    void HomeShell.preload();
    void HybridJobsPanel.preload();
  }
}

/**
 * Every screen and home section loads on first use (issue 12 §7): the initial bundle holds only the router,
 * the providers and the guards, so the priorities page's drag and drop, the admin screens and the job forms'
 * chemistry checks reach only the people who open them.
 */
export const LoginScreen = lazyNamed(
  () => import('../features/auth/components/login-screen.tsx'),
  'LoginScreen',
);
export const SetNewPasswordScreen = lazyNamed(
  () => import('../features/auth/components/set-new-password-screen.tsx'),
  'SetNewPasswordScreen',
);
export const ResetPasswordLinkPage = lazyNamed(
  () => import('../features/auth/components/reset-password-link-page.tsx'),
  'ResetPasswordLinkPage',
);
export const AcceptInvitationPage = lazyNamed(
  () => import('../features/invitations/components/accept-invitation-page.tsx'),
  'AcceptInvitationPage',
);
export const MarketplaceOnboardingPage = lazyNamed(
  () => import('../features/marketplace/components/marketplace-onboarding-page.tsx'),
  'MarketplaceOnboardingPage',
);
export const AboutPage = lazyNamed(() => import('../features/about/components/about-page.tsx'), 'AboutPage');
export const HomeShell = lazyNamed(() => import('./home/home-shell.tsx'), 'HomeShell');

export const HybridJobsPanel = lazyNamed(
  () => import('../features/jobs/components/hybrid-jobs-panel.tsx'),
  'HybridJobsPanel',
);
export const AccountSettingsPage = lazyNamed(
  () => import('../features/account/components/account-settings-page.tsx'),
  'AccountSettingsPage',
);
export const OrganizationsPage = lazyNamed(
  () => import('../features/organizations/components/organizations-page.tsx'),
  'OrganizationsPage',
);
export const AdminPanel = lazyNamed(
  () => import('../features/admin/components/admin-panel.tsx'),
  'AdminPanel',
);
export const InvitationsPage = lazyNamed(
  () => import('../features/invitations/components/invitations-page.tsx'),
  'InvitationsPage',
);
export const IqmJobsPanel = lazyNamed(
  () => import('../features/iqm/components/iqm-jobs-panel.tsx'),
  'IqmJobsPanel',
);
export const AuditLogsPage = lazyNamed(
  () => import('../features/admin/components/audit-logs-page.tsx'),
  'AuditLogsPage',
);
