import { createContext, useContext } from 'react';
import type { Permissions } from './permissions.ts';
import type { SessionUser } from './session-user.ts';

export interface AuthContextValue {
  user: SessionUser | null;
  permissions: Permissions;
  /** The startup check is running. */
  isLoading: boolean;
  /** Signed in, but the permissions have not arrived yet. */
  isPermissionsLoading: boolean;
  isAuthenticated: boolean;
  isNewPasswordRequired: boolean;
  /** The NEW_PASSWORD_REQUIRED challenge's session, while one is pending. */
  session: string | null;
  login(username: string, password: string): Promise<void>;
  completeNewPassword(newPassword: string): Promise<void>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
