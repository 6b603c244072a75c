import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, API_TOKEN_MESSAGES, AUTH_MESSAGES } from '@hivqe/contract';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { scopeRefusal } from '../modules/api-tokens/scope.ts';
import { isApiToken, type ApiTokens, type TokenHolder } from '../modules/api-tokens/service.ts';
import type { LiveSessions } from '../modules/auth/live-sessions.ts';
import type { UserRow } from '../modules/auth/repo.ts';
import { sessionOutlived } from '../modules/auth/session-lifetime.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

/** Who calls: a signed-in session, or a personal access token (then `sessionId` is null). */
export interface Principal {
  user: UserRow;
  sessionId: string | null;
  apiToken: TokenHolder['token'] | null;
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
 *
 * A personal access token (issue 28, 1) is looked up on every request too, so revocation and expiry take effect
 * at once; it acts as its user within its scope (see scopeRefusal) and never with system administrator powers.
 */
export function makeGuards(
  sessions: LiveSessions,
  tokens: TokenService,
  apiTokens: ApiTokens,
  now: () => Date,
): { requireUser: Guard; requireAdmin: Guard } {
  const requireUser: Guard = async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token && isApiToken(token)) {
      request.principal = await tokenPrincipal(apiTokens, token, request);
      return;
    }
    const claims = token ? tokens.verifyAccess(token) : null;
    const session = claims ? await sessions.find(claims.sid) : undefined;
    if (!claims || !session || session.user.id !== claims.sub || sessionOutlived(session.startedAt, now())) {
      throw unauthorized(AUTH_MESSAGES.authRequired);
    }
    request.principal = { user: session.user, sessionId: claims.sid, apiToken: null };
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (principalOf(request).apiToken) throw forbidden(API_TOKEN_MESSAGES.sessionOnly, 'insufficient_scope');
    if (!principalOf(request).user.isSystemAdmin) {
      throw forbidden(ADMIN_MESSAGES.required, 'admin_required');
    }
  };
  return { requireUser, requireAdmin };
}

async function tokenPrincipal(
  apiTokens: ApiTokens,
  token: string,
  request: FastifyRequest,
): Promise<Principal> {
  const found = await apiTokens.check(token, request.ip);
  if (found === 'unknown') throw unauthorized(AUTH_MESSAGES.authRequired);
  if (found === 'expired') throw unauthorized(API_TOKEN_MESSAGES.expired);
  const refusal = scopeRefusal(found.token.scope, request.method, request.routeOptions.url ?? '');
  if (refusal) throw forbidden(refusal, 'insufficient_scope');
  // A leaked token of an administrator must not delete accounts or act on other users' jobs and settings.
  return { user: { ...found.user, isSystemAdmin: false }, sessionId: null, apiToken: found.token };
}

/** The caller of a route that only a signed-in session may use (logout, password change). */
export function sessionOf(request: FastifyRequest): { user: UserRow; sessionId: string } {
  const { user, sessionId } = principalOf(request);
  if (sessionId === null) throw forbidden(API_TOKEN_MESSAGES.sessionOnly, 'insufficient_scope');
  return { user, sessionId };
}

/** The signed-in caller of a route guarded by requireUser. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(AUTH_MESSAGES.authRequired);
  return request.principal;
}

export function originOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null };
}
