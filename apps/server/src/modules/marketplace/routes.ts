import {
  adminUserParams,
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
import { isDirectLocalRequest } from '../../lib/local-peer.ts';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import { mappingCookie } from './cookie.ts';
import type { MarketplaceService } from './service.ts';

export interface MarketplaceRoutesDeps {
  marketplace: MarketplaceService;
  requireUser: Guard;
  requireAdmin: Guard;
}

const registrationForm = z.object({
  [MARKETPLACE_TOKEN_FIELD]: z.string({ message: MARKETPLACE_MESSAGES.tokenMissing }).trim().min(1, {
    message: MARKETPLACE_MESSAGES.tokenMissing,
  }),
});

/** accounts.md 7.4, the registration URL the marketplace posts buyers to, and the /marketplace page's calls. */
export const marketplaceRoutes =
  ({ marketplace, requireUser, requireAdmin }: MarketplaceRoutesDeps): FastifyPluginAsyncZod =>
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
      {
        schema: {
          tags,
          body: registrationForm,
          response: { 303: z.null().describe('See Other: on to sign-in, where the subscription is linked') },
        },
      },
      async (request, reply) => {
        const token = request.body[MARKETPLACE_TOKEN_FIELD];
        const mappingId = await marketplace.register(token, isDirectLocalRequest(request));
        const query = new URLSearchParams({ source: 'marketplace', mapping_id: mappingId });
        return reply.header('set-cookie', mappingCookie(mappingId)).redirect(`/login?${query}`, 303);
      },
    );
    // mapping_id is accepted as the console sends it; the answer is the caller's own link (one at most).
    app.get(
      '/auth/marketplace-mapping/status',
      {
        onRequest: requireUser,
        schema: { tags, querystring: mappingStatusQuery, response: { 200: mappingStatusResponse } },
      },
      async (request) => marketplace.status(principalOf(request).user),
    );
    app.post(
      '/auth/marketplace-mapping/complete',
      {
        onRequest: requireUser,
        schema: { tags, body: completeMappingRequest, response: { 200: completeMappingResponse } },
      },
      async (request) => marketplace.complete(actorOf(request), request.body.mapping_id),
    );
    app.get(
      '/marketplace/subscription',
      { onRequest: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.subscription(principalOf(request).user),
    );
    app.post(
      '/marketplace/simulated-subscription',
      { onRequest: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.simulateSubscribe(actorOf(request), isDirectLocalRequest(request)),
    );
    app.delete(
      '/marketplace/simulated-subscription',
      { onRequest: requireUser, schema: { tags, response: { 200: marketplaceSubscriptionResponse } } },
      async (request) => marketplace.simulateCancel(actorOf(request)),
    );
    // Outside a local trial, a system administrator grants and cancels simulated subscriptions.
    const byAdmin = {
      onRequest: requireAdmin,
      schema: { tags, params: adminUserParams, response: { 200: marketplaceSubscriptionResponse } },
    };
    app.put('/marketplace/simulated-subscriptions/:user', byAdmin, async (request) =>
      marketplace.grantSimulated(actorOf(request), request.params.user),
    );
    app.delete('/marketplace/simulated-subscriptions/:user', byAdmin, async (request) =>
      marketplace.revokeSimulated(actorOf(request), request.params.user),
    );
  };
