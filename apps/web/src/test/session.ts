import { http, HttpResponse } from 'msw';
import { apiPath, server } from './server.ts';

export interface TestUser {
  email?: string;
  username?: string;
  groups?: string[];
  permissions?: string[];
}

export const ADA = { email: 'ada@example.com', username: 'ada-uuid' };

/**
 * A visitor who signed in earlier: tokens in local storage and a server that recognises them, with a
 * profile named Ada Lovelace and no phone. Returns how many times the permissions were fetched.
 */
export function signedInAs({
  email = ADA.email,
  username = ADA.username,
  groups = ['user'],
  permissions = [],
}: TestUser = {}) {
  localStorage.setItem('auth_token', 'access-token');
  localStorage.setItem('refresh_token', 'refresh-token');
  localStorage.setItem('token_expires_at', String(Date.now() + 15 * 60_000));
  localStorage.setItem('user_email', email);
  const counter = { permissionFetches: 0 };
  server.use(
    http.get(apiPath('/auth/me'), () => HttpResponse.json({ is_authenticated: true, username, email })),
    http.get(apiPath('/auth/me/permissions'), () => {
      counter.permissionFetches += 1;
      return HttpResponse.json({ permissions, groups });
    }),
    http.get(apiPath('/auth/me/profile'), () =>
      HttpResponse.json({
        email,
        email_verified: true,
        name: 'Ada Lovelace',
        phone_number: null,
        user_id: email,
        username,
      }),
    ),
  );
  return counter;
}

export const SYSTEM_ADMIN: TestUser = { groups: ['system_admin', 'user'] };
