import { healthResponse } from '@hivqe/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
    timestamp: new Date().toISOString(),
  }));
};
