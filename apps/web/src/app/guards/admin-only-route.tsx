import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccessDenied } from '../../components/ui/access-denied.tsx';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { useAuth } from '../../features/auth/auth-context.ts';
import { isSystemAdmin } from '../../features/auth/permissions.ts';

/** accounts.md 2.2: admits administrators only; place it inside ProtectedRoute. */
export function AdminOnlyRoute({ children }: { children: ReactNode }) {
  const { isLoading, isPermissionsLoading, permissions } = useAuth();
  if (isLoading || isPermissionsLoading) return <StatusMessage>Loading...</StatusMessage>;
  if (permissions.isAdmin || isSystemAdmin(permissions)) return children;
  return (
    <AccessDenied message="Administrator privileges are required to access this page.">
      <Link to="/" className="text-sm font-medium text-accent-600 hover:underline">
        Return to Home
      </Link>
    </AccessDenied>
  );
}
