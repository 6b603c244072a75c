import type { ReactNode } from 'react';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { LoginScreen, SetNewPasswordScreen } from '../screens.tsx';

/** accounts.md 2.2: signed-out visitors get the login screen in place, so the URL they asked for stays. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isNewPasswordRequired, isAuthenticated } = useAuth();
  if (isLoading) return <StatusMessage>Checking authentication status...</StatusMessage>;
  if (isNewPasswordRequired) return <SetNewPasswordScreen />;
  if (!isAuthenticated) return <LoginScreen />;
  return children;
}
