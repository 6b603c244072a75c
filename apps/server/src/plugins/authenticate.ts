import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@hivqe/contract';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import type { LiveSessions } from '../modules/auth/live-sessions.ts';
import type { UserRow } from '../modules/auth/repo.ts';
import { sessionOutlived } from '../modules/auth/session-lifetime.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

export interface Principal {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The Bearer token's session is checked on every request (see LiveSessions), so logout, session revocation,
 * the session's absolute lifetime, account deletion and role changes take effect at once rather than when the
 * token expires. Routes run the guards as `onRequest` hooks: an anonymous caller gets 401 before the body is
 * even parsed.
 */
export function makeGuards(
  sessions: LiveSessions,
  tokens: TokenService,
  now: () => Date,
): { requireUser: Guard; requireAdmin: Guard } {
  const requireUser: Guard = async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? tokens.verifyAccess(token) : null;
    const found = claims ? sessions.find(claims.sid) : undefined;
    const session = found instanceof Promise ? await found : found;
    if (!claims || !session || session.user.id !== claims.sub || sessionOutlived(session.startedAt, now())) {
      throw unauthorized(AUTH_MESSAGES.authRequired);
    }
    request.principal = { user: session.user, sessionId: claims.sid };
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (!principalOf(request).user.isSystemAdmin) {
      throw forbidden(ADMIN_MESSAGES.required);
    }
  };
  return { requireUser, requireAdmin };
}

/** The signed-in caller of a route guarded by requireUser. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(AUTH_MESSAGES.authRequired);
  return request.principal;
}

export function originOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}
