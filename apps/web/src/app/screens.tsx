import { lazy, useState, type ComponentType } from 'react';

const preloads: (() => Promise<unknown>)[] = [];

/**
 * A screen loaded on first use. Once its module is in, a newly mounted screen renders at once, with no
 * Suspense round; an instance keeps the component it mounted with, so nothing below it remounts.
 */
function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((module): ComponentType<Props> => (loaded = module[name])));
  preloads.push(preload);
  const Suspending = lazy<ComponentType<Props>>(() =>
    preload().then((component) => ({ default: component })),
  );
  function Screen(props: Props) {
    const [Component] = useState((): ComponentType<Props> => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}

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

/** Loads every screen, as if each had been opened once (tests render the routes without a Suspense round). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(preloads.map((preload) => preload()));
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
