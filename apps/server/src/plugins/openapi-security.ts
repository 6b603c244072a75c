import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Guard } from './authenticate.ts';

export const BEARER_SCHEME = 'bearerAuth';

/**
 * The OpenAPI components that declare how a client authenticates: a Bearer token, either the console's access
 * token (a JWT from sign-in) or a personal access token for scripts (issue 28 §1).
 */
export const openapiSecurityComponents = {
  securitySchemes: {
    [BEARER_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description:
        'A personal access token (Account Settings → API Tokens; read or jobs scope) for scripts, or the ' +
        'access token a sign-in returns (a JWT valid 15 minutes).',
    },
  },
} as const;

/**
 * Marks in the OpenAPI document every operation whose route runs one of `guards` as an `onRequest` hook, at
 * registration: the document says which operations need the token from the same fact that makes them need it.
 * Must be added before the routes it marks are registered.
 */
export function markGuardedOperations(app: FastifyInstance, guards: Guard[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks = [route.onRequest ?? []].flat();
    if (!hooks.some((hook) => guards.includes(hook as Guard))) return;
    route.schema = { ...route.schema, security: [{ [BEARER_SCHEME]: [] }] };
  });
}
