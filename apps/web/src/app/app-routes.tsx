import { Route, Routes } from 'react-router';
import { AboutPage } from '../features/about/components/about-page.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { AcceptInvitationPage } from '../features/invitations/components/accept-invitation-page.tsx';
import { MarketplaceOnboardingPage } from '../features/marketplace/components/marketplace-onboarding-page.tsx';
import { AdminOnlyRoute } from './guards/admin-only-route.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { PublicOnlyRoute } from './guards/public-only-route.tsx';
import { HomeShell } from './home/home-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import type { SectionId } from './home/sections.ts';

/** accounts.md 2.1. */
export function AppRoutes() {
  const adminShell = (defaultSection: SectionId) => (
    <ProtectedRoute>
      <AdminOnlyRoute>
        <HomeShell defaultSection={defaultSection} />
      </AdminOnlyRoute>
    </ProtectedRoute>
  );
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnlyRoute>
            <LoginScreen />
          </PublicOnlyRoute>
        }
      />
      <Route path="/invite/accept" element={<AcceptInvitationPage />} />
      <Route
        path="/"
        element={
          <ProtectedRoute>
            <HomeShell />
          </ProtectedRoute>
        }
      />
      <Route
        path="/about"
        element={
          <ProtectedRoute>
            <AboutPage />
          </ProtectedRoute>
        }
      />
      <Route path="/admin" element={adminShell('users')} />
      <Route path="/logs" element={adminShell('logs')} />
      <Route
        path="/marketplace"
        element={
          <ProtectedRoute>
            <MarketplaceOnboardingPage />
          </ProtectedRoute>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
