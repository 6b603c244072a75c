import {
  acceptInviteRequest,
  acceptInviteResponse,
  answerInviteRequest,
  cancelInviteRequest,
  idempotentCreateHeaders,
  invitation,
  invitationLookup,
  invitationLookupRequest,
  invitationsResponse,
  inviteParams,
  organizationInviteQuery,
  organizationInviteRequest,
  resendInviteRequest,
  systemInviteRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import { deviceCookieOf } from '../auth/device-cookie-http.ts';
import type { IdempotentCreate } from '../idempotency/idempotent-route.ts';
import type { InvitesService } from './service.ts';

export interface InvitesRoutesDeps {
  invites: InvitesService;
  requireUser: Guard;
  requireAdmin: Guard;
  /** Invitations are created once per Idempotency-Key. */
  idempotent: IdempotentCreate;
}

export const invitesRoutes =
  ({ invites, requireUser, requireAdmin, idempotent }: InvitesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['invitations'];
    // The console lists at /auth/invites/ (spec 7.7); the bare path answers the same.
    for (const url of ['/auth/invites/', '/auth/invites']) {
      app.get(
        url,
        {
          onRequest: requireUser,
          // Documented once, without the slash OpenAPI linters refuse.
          schema: { tags, hide: url.endsWith('/'), response: { 200: invitationsResponse } },
        },
        async (request) => invites.list(actorOf(request)),
      );
    }
    // The signed-in user's own pending invitations, which they accept or decline in the console (issue 24).
    app.get(
      '/auth/invites/mine',
      { onRequest: requireUser, schema: { tags, response: { 200: invitationsResponse } } },
      async (request) => invites.listMine(actorOf(request)),
    );
    app.post(
      '/auth/invites/:inviteId/accept',
      {
        onRequest: requireUser,
        schema: { tags, params: inviteParams, body: answerInviteRequest, response: { 200: invitation } },
      },
      async (request) =>
        invites.acceptAsInvitee(actorOf(request), request.params.inviteId, request.body.invite_id),
    );
    app.post(
      '/auth/invites/:inviteId/decline',
      {
        onRequest: requireUser,
        schema: { tags, params: inviteParams, body: answerInviteRequest, response: { 200: invitation } },
      },
      async (request) => invites.decline(actorOf(request), request.params.inviteId, request.body.invite_id),
    );
    app.post(
      '/auth/invites/system',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          headers: idempotentCreateHeaders,
          body: systemInviteRequest,
          response: { 201: invitation },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, 'system invitations', async () => {
          const { email, role, org_id, message } = request.body;
          const created = await invites.inviteToSystem(actorOf(request), {
            email,
            role,
            orgId: org_id ?? null,
            message,
          });
          return { statusCode: 201, body: created };
        }),
    );
    app.post(
      '/auth/invites/organization',
      {
        onRequest: requireUser,
        schema: {
          tags,
          querystring: organizationInviteQuery,
          headers: idempotentCreateHeaders,
          body: organizationInviteRequest,
          response: { 201: invitation },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, 'invitations', async () => ({
          statusCode: 201,
          body: await invites.inviteToOrganization(actorOf(request), {
            ...request.body,
            orgId: request.query.org_id,
          }),
        })),
    );
    app.post(
      '/auth/invites/:inviteId/cancel',
      {
        onRequest: requireUser,
        schema: { tags, params: inviteParams, body: cancelInviteRequest, response: { 200: invitation } },
      },
      async (request) => invites.cancel(actorOf(request), request.params.inviteId, request.body.invite_id),
    );
    app.post(
      '/auth/invites/:inviteId/resend',
      {
        onRequest: requireUser,
        schema: { tags, params: inviteParams, body: resendInviteRequest, response: { 200: invitation } },
      },
      async (request) => invites.resend(actorOf(request), request.params.inviteId, request.body.invite_id),
    );
    // Public: the token is the credential. POST keeps it out of URLs that access logs and proxies keep.
    app.post(
      '/auth/invites/lookup',
      { schema: { tags, body: invitationLookupRequest, response: { 200: invitationLookup } } },
      async (request) => invites.lookup(request.body.token),
    );
    app.post(
      '/auth/invites/accept',
      { schema: { tags, body: acceptInviteRequest, response: { 200: acceptInviteResponse } } },
      async (request) => invites.accept(request.body, originOf(request), deviceCookieOf(request)),
    );
  };
