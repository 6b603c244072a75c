import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { MemoryMailer } from './harness.ts';

export const PASSWORD = 'correct horse 42';

export async function post(
  app: FastifyInstance,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * Signs up and confirms a user the way the console does (the confirmation carries the password chosen at
 * sign-up, which is what makes it sign in); returns the login response.
 */
export async function signUp(app: FastifyInstance, mailer: MemoryMailer, email: string, password = PASSWORD) {
  const registered = await post(app, '/auth/register', { username: email, email, password });
  expect(registered.statusCode).toBe(201);
  const confirmed = await post(app, '/auth/confirm-email', {
    username: email,
    confirmation_code: mailer.lastCodeFor(email),
    password,
  });
  expect(confirmed.statusCode).toBe(200);
  const login = await post(app, '/auth/login', { username: email, password });
  expect(login.statusCode).toBe(200);
  return login.json() as { access_token: string; refresh_token: string; user_username: string };
}

/** Asks for a password reset and returns the code mailed for it (the mail leaves just after the answer). */
export async function requestPasswordReset(app: FastifyInstance, mailer: MemoryMailer, email: string) {
  const before = mailer.sent.length;
  const res = await post(app, '/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  return vi.waitFor(
    () => {
      if (!mailer.sent.slice(before).some((mail) => mail.to === email)) throw new Error('not mailed yet');
      return mailer.lastCodeFor(email);
    },
    { timeout: 5_000, interval: 5 },
  );
}
