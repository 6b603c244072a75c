import { API_BASE, LOGS_PATH, logsQuery, logsResponse } from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guard } from '../../plugins/authenticate.ts';
import type { AuditLog } from '../audit/service.ts';

export interface LogsRoutesDeps {
  audit: AuditLog;
  requireAdmin: Guard;
}

/** The /logs page's search over the audit log; the console calls it with the API base doubled (spec 7.9). */
export const logsRoutes =
  ({ audit, requireAdmin }: LogsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const url of [LOGS_PATH, `${API_BASE}${LOGS_PATH}`]) {
      app.get(
        url,
        {
          onRequest: requireAdmin,
          schema: { tags: ['logs'], querystring: logsQuery, response: { 200: logsResponse } },
        },
        async (request) => audit.search(request.query),
      );
    }
  };
