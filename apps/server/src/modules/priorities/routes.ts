import {
  jobPermissionResponse,
  organizationPrioritiesResponse,
  updatePrioritiesRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { PrioritiesService } from './service.ts';

export interface PrioritiesRoutesDeps {
  priorities: PrioritiesService;
  requireUser: Guard;
}

export const prioritiesRoutes =
  ({ priorities, requireUser }: PrioritiesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['priorities'];
    app.get(
      '/auth/me/organization-priorities',
      { onRequest: requireUser, schema: { tags, response: { 200: organizationPrioritiesResponse } } },
      async (request) => priorities.priorities(principalOf(request).user),
    );
    app.put(
      '/auth/me/organization-priorities',
      {
        onRequest: requireUser,
        schema: { tags, body: updatePrioritiesRequest, response: { 200: organizationPrioritiesResponse } },
      },
      async (request) => priorities.update(actorOf(request), request.body),
    );
    app.get(
      '/auth/me/job-permission',
      { onRequest: requireUser, schema: { tags, response: { 200: jobPermissionResponse } } },
      async (request) => priorities.jobPermission(principalOf(request).user),
    );
  };
