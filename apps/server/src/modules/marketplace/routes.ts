import {
  completeMappingRequest,
  completeMappingResponse,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_REGISTER_PATH,
  MARKETPLACE_TOKEN_FIELD,
  mappingStatusQuery,
  mappingStatusResponse,
  marketplaceSubscriptionResponse,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import { mappingCookie } from './cookie.ts';
import type { MarketplaceService } from './service.ts';

export interface MarketplaceRoutesDeps {
  marketplace: MarketplaceService;
  requireUser: Guard;
}

const registrationForm = z.object({
  [MARKETPLACE_TOKEN_FIELD]: z.string({ message: MARKETPLACE_MESSAGES.tokenMissing }).trim().min(1, {
    message: MARKETPLACE_MESSAGES.tokenMissing,
  }),
});

/** accounts.md 7.4, the registration URL the marketplace posts buyers to, and the /marketplace page's calls. */
export const marketplaceRoutes =
  ({ marketplace, requireUser }: MarketplaceRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['marketplace'];
    // The marketplace posts an HTML form; this plugin alone reads form bodies.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.post(
      MARKETPLACE_REGISTER_PATH,
      { schema: { tags, body: registrationForm } },
      async (request, reply) => {
        const mappingId = await marketplace.register(request.body[MARKETPLACE_TOKEN_FIELD]);
        const query = new URLSearchParams({ source: 'marketplace', mapping_id: mappingId });
        return reply.header('set-cookie', mappingCookie(mappingId)).redirect(`/login?${query}`, 303);
      },
    );
    // mapping_id is accepted as the console sends it; the answer is the caller's own link (one at most).
    app.get(
      '/auth/marketplace-mapping/status',
      {
        preHandler: requireUser,
        schema: { tags, querystring: mappingStatusQuery, response: { 200: mappingStatusResponse } },
      },
      async (request) => marketplace.status(principalOf(request).user),
    );
    app.post(
      '/auth/marketplace-mapping/complete',
      {
        preHandler: requireUser,
        schema: { tags, body: completeMappingRequest, response: { 200: completeMappingResponse } },
      },
      async (request) => marketplace.complete(actorOf(request), request.body.mapping_id),
    );
    app.get(
      '/marketplace/subscription',
      { preHandler: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.subscription(principalOf(request).user),
    );
    app.post(
      '/marketplace/simulated-subscription',
      { preHandler: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.simulateSubscribe(actorOf(request)),
    );
    app.delete(
      '/marketplace/simulated-subscription',
      { preHandler: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.simulateCancel(actorOf(request)),
    );
  };
