import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';

/** The login page: a signed-in user has nothing to do there and goes home. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <StatusMessage>Checking authentication status...</StatusMessage>;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return children;
}
