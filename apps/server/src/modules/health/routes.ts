import { apiError, healthResponse, readinessResponse } from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from './readiness.ts';

export interface HealthRoutesDeps {
  readiness: Readiness;
}

const alive = () => ({ status: 'ok' as const, timestamp: new Date().toISOString() });

/**
 * Liveness (`/health`, kept as the spec has it, and `/health/live`): the process answers, whatever its database
 * does, so an orchestrator does not restart a process that would recover by itself. Readiness (`/health/ready`):
 * the database answers too, so traffic goes elsewhere while it does not. None needs a sign-in; none says more
 * than ok or not.
 */
export const healthRoutes =
  ({ readiness }: HealthRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['health'];
    const live = { schema: { tags, response: { 200: healthResponse } } };
    app.get('/health', live, async () => alive());
    app.get('/health/live', live, async () => alive());
    app.get(
      '/health/ready',
      { schema: { tags, response: { 200: readinessResponse, 503: apiError } } },
      async (request) => {
        try {
          await readiness.check();
        } catch (error) {
          request.log.warn({ err: (error as Error).cause }, 'not ready: the database does not answer');
          throw error;
        }
        return { ...alive(), database: 'ok' as const };
      },
    );
  };
