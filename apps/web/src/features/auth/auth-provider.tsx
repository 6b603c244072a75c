import { NEW_PASSWORD_REQUIRED, type LoginResponse } from '@hivqe/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiClient } from '../../lib/api-client.ts';
import { clearAuthCaches } from '../../lib/auth-caches.ts';
import { accessToken, forgetEmail, rememberEmail } from '../../lib/token-storage.ts';
import { linkStoredMapping } from '../marketplace/api/complete-mapping.ts';
import { completeNewPassword as postNewPassword } from './api/complete-new-password.ts';
import { getCurrentUser } from './api/get-current-user.ts';
import { login as postLogin } from './api/login.ts';
import { logout as postLogout } from './api/logout.ts';
import { usePermissionsQuery } from './api/get-permissions.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { NO_PERMISSIONS, toPermissions } from './permissions.ts';
import { userFromLogin, type SessionUser } from './session-user.ts';

/** A NEW_PASSWORD_REQUIRED login waiting for its second step. */
interface Challenge {
  session: string;
  enteredUsername: string;
  identity: Pick<LoginResponse, 'user_email' | 'user_username'>;
}

interface SessionState {
  isLoading: boolean;
  user: SessionUser | null;
  challenge: Challenge | null;
}

const SIGNED_OUT: SessionState = { isLoading: false, user: null, challenge: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    accessToken() ? { ...SIGNED_OUT, isLoading: true } : SIGNED_OUT,
  );

  // Startup check (accounts.md 4.2): a stored token is trusted only once the server accepts it.
  useEffect(() => {
    if (!accessToken()) return;
    let cancelled = false;
    apiClient.resumeSession();
    getCurrentUser()
      .then((me) => {
        if (cancelled) return;
        const user = me.is_authenticated
          ? { username: me.username, user_id: me.email, email: me.email }
          : null;
        setState({ ...SIGNED_OUT, user });
      })
      .catch(() => {
        if (!cancelled) setState(SIGNED_OUT);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const permissionsQuery = usePermissionsQuery(state.user !== null);
  // Structural sharing keeps `data` identical while the answer is unchanged, so consumers re-render only on change.
  const permissions = useMemo(
    () => (permissionsQuery.data ? toPermissions(permissionsQuery.data) : NO_PERMISSIONS),
    [permissionsQuery.data],
  );

  const login = useCallback(async (username: string, password: string) => {
    const response = await postLogin({ username, password });
    if (response.challenge_name === NEW_PASSWORD_REQUIRED && response.session) {
      setState({
        ...SIGNED_OUT,
        challenge: { session: response.session, enteredUsername: username, identity: response },
      });
      return;
    }
    const { access_token, refresh_token, expires_in } = response;
    if (!access_token || !refresh_token || expires_in === null) throw new Error('Login failed.');
    apiClient.startSession({ access_token, refresh_token, expires_in });
    rememberEmail(response.user_email);
    await linkStoredMapping();
    setState({ ...SIGNED_OUT, user: userFromLogin(response, username) });
  }, []);

  const completeNewPassword = useCallback(
    async (newPassword: string) => {
      const { challenge } = state;
      if (!challenge) throw new Error('No session available');
      const response = await postNewPassword({
        username: challenge.enteredUsername,
        new_password: newPassword,
        session: challenge.session,
      });
      apiClient.startSession(response);
      rememberEmail(response.user_email);
      await linkStoredMapping();
      const identity = { ...challenge.identity, user_email: response.user_email };
      setState({ ...SIGNED_OUT, user: userFromLogin(identity, challenge.enteredUsername) });
    },
    [state],
  );

  const logout = useCallback(async () => {
    if (accessToken()) {
      try {
        await postLogout();
      } catch {
        // Best effort: the local session ends whether or not the server heard about it.
      }
    }
    apiClient.endSession();
    clearAuthCaches();
    forgetEmail();
    queryClient.clear();
    setState(SIGNED_OUT);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      permissions,
      isLoading: state.isLoading,
      isPermissionsLoading: state.user !== null && permissionsQuery.isPending,
      isAuthenticated: state.user !== null,
      isNewPasswordRequired: state.challenge !== null,
      session: state.challenge?.session ?? null,
      login,
      completeNewPassword,
      logout,
    }),
    [state, permissions, permissionsQuery.isPending, login, completeNewPassword, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
