import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@hivqe/contract';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import type { AuthRepo, UserRow } from '../modules/auth/repo.ts';
import { oldestLiveSessionStart } from '../modules/auth/session-lifetime.ts';
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
 * The Bearer token is checked against the database on every request, so logout, session revocation, the
 * session's absolute lifetime and account deletion take effect at once rather than when the token expires.
 * Routes run the guards as `onRequest` hooks: an anonymous caller gets 401 before the body is even parsed.
 */
export function makeGuards(
  repo: AuthRepo,
  tokens: TokenService,
  now: () => Date,
): { requireUser: Guard; requireAdmin: Guard } {
  const requireUser: Guard = async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? await tokens.verifyAccess(token) : null;
    const user = claims ? await repo.findSessionUser(claims.sid, oldestLiveSessionStart(now())) : undefined;
    if (!claims || !user || user.id !== claims.sub) throw unauthorized(AUTH_MESSAGES.authRequired);
    request.principal = { user, sessionId: claims.sid };
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
