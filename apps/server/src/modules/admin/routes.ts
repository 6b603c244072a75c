import {
  ADMIN_JOBS_PATH,
  adminHistoryQuery,
  adminJobsResponse,
  adminUser,
  adminUserParams,
  adminUsersQuery,
  adminUsersResponse,
  historyResponse,
  messageResponse,
  setSystemAdminRequest,
} from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authenticate.ts';
import { actorOf } from '../audit/actor.ts';
import type { AdminService } from './service.ts';

export interface AdminRoutesDeps {
  admin: AdminService;
  requireAdmin: Guard;
}

export const adminRoutes =
  ({ admin, requireAdmin }: AdminRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.get(
      '/auth/admin/all-users',
      {
        onRequest: requireAdmin,
        schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse } },
      },
      async (request) => admin.users(request.query),
    );
    app.delete(
      '/auth/admin/users/:user',
      {
        onRequest: requireAdmin,
        schema: { tags, params: adminUserParams, response: { 200: messageResponse } },
      },
      async (request) => admin.deleteUser(actorOf(request), request.params.user),
    );
    app.put(
      '/auth/admin/users/:user/system-admin',
      {
        onRequest: requireAdmin,
        schema: { tags, params: adminUserParams, body: setSystemAdminRequest, response: { 200: adminUser } },
      },
      async (request) =>
        admin.setSystemAdmin(actorOf(request), request.params.user, request.body.is_system_admin),
    );
    app.get(
      ADMIN_JOBS_PATH,
      { onRequest: requireAdmin, schema: { tags, response: { 200: adminJobsResponse } } },
      async () => admin.jobs(),
    );
    app.get(
      '/auth/admin/history',
      {
        onRequest: requireAdmin,
        schema: { tags, querystring: adminHistoryQuery, response: { 200: historyResponse } },
      },
      async (request) => admin.history(request.query),
    );
  };
