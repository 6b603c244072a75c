import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.ts';
import type { LoginRouteState } from '../auth/login-route-state.ts';

/** accounts.md section 9: how long the Welcome state stays before each redirect. */
const HOME_AFTER_MS = 2000;
const LOGIN_AFTER_MS = 3000;

/**
 * After an invitation is accepted: sign in with the new credentials and go home, or, if that fails, go to
 * the login page with the e-mail filled in (accounts.md 4.14).
 */
export function useAutoLogin(): (email: string, password: string) => void {
  const { login } = useAuth();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (email: string, password: string) => {
      login(email, password).then(
        () => {
          timer.current = setTimeout(() => navigate('/', { replace: true }), HOME_AFTER_MS);
        },
        () => {
          const state: LoginRouteState = {
            message: 'Account created successfully! Please log in with your credentials.',
            email,
          };
          timer.current = setTimeout(() => navigate('/login', { replace: true, state }), LOGIN_AFTER_MS);
        },
      );
    },
    [login, navigate],
  );
}
