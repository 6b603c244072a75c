import {
  API_TOKENS_PATH,
  adminApiTokenParams,
  adminApiTokensParams,
  apiTokenParams,
  apiTokensResponse,
  createApiTokenRequest,
  createApiTokenResponse,
  messageResponse,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { ApiTokens } from './service.ts';

export interface ApiTokenRoutesDeps {
  apiTokens: ApiTokens;
  requireUser: Guard;
  requireAdmin: Guard;
}

/** The caller's own tokens under /account (never reachable with a token, see scopeRefusal), any user's under admin. */
export const apiTokenRoutes =
  ({ apiTokens, requireUser, requireAdmin }: ApiTokenRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['account'];
    app.get(
      API_TOKENS_PATH,
      { onRequest: requireUser, schema: { tags, response: { 200: apiTokensResponse } } },
      async (request) => apiTokens.list(principalOf(request).user.id),
    );
    app.post(
      API_TOKENS_PATH,
      {
        onRequest: requireUser,
        schema: { tags, body: createApiTokenRequest, response: { 201: createApiTokenResponse } },
      },
      async (request, reply) =>
        reply.status(201).send(await apiTokens.create(actorOf(request), request.body)),
    );
    app.delete(
      `${API_TOKENS_PATH}/:id`,
      {
        onRequest: requireUser,
        schema: { tags, params: apiTokenParams, response: { 200: messageResponse } },
      },
      async (request) => {
        const actor = actorOf(request);
        return apiTokens.revoke(actor, actor.user, request.params.id);
      },
    );
    const adminTags = ['admin'];
    app.get(
      '/auth/admin/users/:user/api-tokens',
      {
        onRequest: requireAdmin,
        schema: { tags: adminTags, params: adminApiTokensParams, response: { 200: apiTokensResponse } },
      },
      async (request) => apiTokens.listOfUser(request.params.user),
    );
    app.delete(
      '/auth/admin/users/:user/api-tokens/:id',
      {
        onRequest: requireAdmin,
        schema: { tags: adminTags, params: adminApiTokenParams, response: { 200: messageResponse } },
      },
      async (request) => apiTokens.revokeOfUser(actorOf(request), request.params.user, request.params.id),
    );
  };
