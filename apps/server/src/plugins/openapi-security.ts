import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Guard } from './authenticate.ts';

export const BEARER_SCHEME = 'bearerAuth';

/** The OpenAPI components that declare how a client authenticates: the access token as a Bearer JWT. */
export const openapiSecurityComponents = {
  securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
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
