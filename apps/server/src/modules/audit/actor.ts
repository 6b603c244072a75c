import type { FastifyRequest } from 'fastify';
import { originOf, principalOf } from '../../plugins/authenticate.ts';
import type { UserRow } from '../auth/repo.ts';
import type { Origin } from '../auth/service.ts';

/** The signed-in user behind a change and where the request came from: what the audit log records. */
export interface Actor {
  user: UserRow;
  origin: Origin;
  /** The personal access token the request came with, if it came with one rather than a session. */
  apiToken?: { id: string; name: string };
}

/** The actor of a route guarded by requireUser or requireAdmin. */
export function actorOf(request: FastifyRequest): Actor {
  const { user, apiToken } = principalOf(request);
  return {
    user,
    origin: originOf(request),
    ...(apiToken ? { apiToken: { id: apiToken.id, name: apiToken.name } } : {}),
  };
}
