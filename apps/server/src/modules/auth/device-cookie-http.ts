import { API_BASE } from '@hivqe/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_DAYS } from './device-cookie.ts';

/** The device cookie the browser sent, if any; its signature and owner are checked by the sign-in guard. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}

/**
 * HttpOnly (no script reads it), SameSite Strict (no other site's page sends it), only to the auth routes
 * that check passwords. Secure when the console is served over https (`'auto'`: when this request was).
 */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean | 'auto'): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: `${API_BASE}/auth`,
    maxAge: DEVICE_COOKIE_MAX_AGE_DAYS * 86_400,
  });
}
