import { RESET_PASSWORD_PATH } from '@hivqe/contract';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { StatusMessage } from '../components/ui/status-message.tsx';
import { AdminOnlyRoute } from './guards/admin-only-route.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { PublicOnlyRoute } from './guards/public-only-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import {
  AboutPage,
  AcceptInvitationPage,
  HomeShell,
  LoginScreen,
  MarketplaceOnboardingPage,
  ResetPasswordLinkPage,
} from './screens.tsx';
import type { SectionId } from './home/sections.ts';

/** accounts.md 2.1, plus the page a password reset mail links to. */
export function AppRoutes() {
  const adminShell = (defaultSection: SectionId) => (
    <ProtectedRoute>
      <AdminOnlyRoute>
        <HomeShell defaultSection={defaultSection} />
      </AdminOnlyRoute>
    </ProtectedRoute>
  );
  return (
    <Suspense fallback={<StatusMessage>Loading...</StatusMessage>}>
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
        {/* A reset mail's link (issue 24, 3): public, and not sent away when another tab is signed in. */}
        <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordLinkPage />} />
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
    </Suspense>
  );
}
