import {
  addMemberRequest,
  addMemberResponse,
  memberInvitedMessage,
  changeMemberRoleRequest,
  createOrganizationRequest,
  idempotentCreateHeaders,
  memberParams,
  memberPermissionsRequest,
  membersResponse,
  messageResponse,
  organization,
  organizationMember,
  organizationParams,
  organizationsResponse,
  renameOrganizationRequest,
  transferAnswerRequest,
  transferOwnershipRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { IdempotentCreate } from '../idempotency/idempotent-route.ts';
import type { InvitesService } from '../invites/service.ts';
import type { OrgsService } from './service.ts';

export interface OrgsRoutesDeps {
  orgs: OrgsService;
  /** Add Member sends an invitation through the one invitation path (its checks, budget and mail). */
  invites: InvitesService;
  requireUser: Guard;
  /** Creates (an organization, Add Member's invitation) run once per Idempotency-Key. */
  idempotent: IdempotentCreate;
}

export const orgsRoutes =
  ({ orgs, invites, requireUser, idempotent }: OrgsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['organizations'];
    app.post(
      '/auth/orgs',
      {
        onRequest: requireUser,
        schema: {
          tags,
          headers: idempotentCreateHeaders,
          body: createOrganizationRequest,
          response: { 201: organization },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, 'organizations', async () => ({
          statusCode: 201,
          body: await orgs.create(actorOf(request), request.body),
        })),
    );
    app.get(
      '/auth/orgs/mine',
      { onRequest: requireUser, schema: { tags, response: { 200: organizationsResponse } } },
      async (request) => orgs.list(actorOf(request)),
    );
    app.delete(
      '/auth/orgs/:orgId',
      {
        onRequest: requireUser,
        schema: { tags, params: organizationParams, response: { 200: messageResponse } },
      },
      async (request) => orgs.deleteOrganization(actorOf(request), request.params.orgId),
    );
    app.patch(
      '/auth/orgs/:orgId',
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: organizationParams,
          body: renameOrganizationRequest,
          response: { 200: organization },
        },
      },
      async (request) => orgs.rename(actorOf(request), request.params.orgId, request.body.name),
    );
    app.get(
      '/auth/orgs/:orgId/members',
      {
        onRequest: requireUser,
        schema: { tags, params: organizationParams, response: { 200: membersResponse } },
      },
      async (request) => orgs.members(actorOf(request), request.params.orgId),
    );
    // Add Member (spec 2.11) invites: nobody joins without accepting (issue 24). A known and an unknown address
    // get the same answer, so the route tells nothing about who has an account.
    app.post(
      '/auth/orgs/:orgId/members',
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: organizationParams,
          headers: idempotentCreateHeaders,
          body: addMemberRequest,
          response: { 202: addMemberResponse },
        },
      },
      async (request, reply) =>
        idempotent(request, reply, 'members', async () => {
          const invitation = await invites.inviteToOrganization(actorOf(request), {
            email: request.body.email,
            role: request.body.role,
            orgId: request.params.orgId,
          });
          return { statusCode: 202, body: { message: memberInvitedMessage(invitation.email), invitation } };
        }),
    );
    // A static segment outranks a parameter, so `me` never reaches the route below.
    app.delete(
      '/auth/orgs/:orgId/members/me',
      {
        onRequest: requireUser,
        schema: { tags, params: organizationParams, response: { 200: messageResponse } },
      },
      async (request) => orgs.leave(actorOf(request), request.params.orgId),
    );
    app.delete(
      '/auth/orgs/:orgId/members/:member',
      { onRequest: requireUser, schema: { tags, params: memberParams, response: { 200: messageResponse } } },
      async (request) => orgs.removeMember(actorOf(request), request.params.orgId, request.params.member),
    );
    app.patch(
      '/auth/orgs/:orgId/members/:member',
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: memberParams,
          body: changeMemberRoleRequest,
          response: { 200: organizationMember, 202: messageResponse },
        },
      },
      async (request, reply) => {
        const { orgId, member } = request.params;
        const changed = await orgs.changeRole(actorOf(request), orgId, member, request.body.role);
        return 'pending' in changed ? reply.status(202).send(changed.pending) : changed.member;
      },
    );
    app.patch(
      '/auth/orgs/:orgId/members/:member/permissions',
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: memberParams,
          body: memberPermissionsRequest,
          response: { 200: organizationMember },
        },
      },
      async (request) =>
        orgs.setJobPermission(
          actorOf(request),
          request.params.orgId,
          request.params.member,
          request.body.can_create_jobs,
        ),
    );
    app.post(
      '/auth/orgs/:orgId/transfer-request',
      {
        onRequest: requireUser,
        schema: {
          tags,
          params: organizationParams,
          body: transferOwnershipRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) =>
        orgs.requestTransfer(actorOf(request), request.params.orgId, request.body.target_email),
    );
    app.delete(
      '/auth/orgs/:orgId/transfer-request',
      {
        onRequest: requireUser,
        schema: { tags, params: organizationParams, response: { 200: messageResponse } },
      },
      async (request) => orgs.cancelTransfer(actorOf(request), request.params.orgId),
    );
    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/auth/orgs/:orgId/transfer-request/${answer}`,
        {
          onRequest: requireUser,
          schema: {
            tags,
            params: organizationParams,
            body: transferAnswerRequest,
            response: { 200: messageResponse },
          },
        },
        async (request) => {
          const { orgId } = request.params;
          const actor = actorOf(request);
          return answer === 'accept'
            ? orgs.acceptTransfer(actor, orgId, request.body.request_id)
            : orgs.declineTransfer(actor, orgId, request.body.request_id);
        },
      );
    }
  };
