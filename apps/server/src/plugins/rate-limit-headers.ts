import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import { quotaOfRequest } from '../lib/request-quota.ts';

/**
 * The RateLimit headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers, the `-Limit/-Remaining/-Reset`
 * form most clients read) on every answer of a request that met a limit: the tightest one it met. On a 429 the
 * reset is the `Retry-After` the refusal names, so the two never disagree.
 */
export async function registerRateLimitHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext);
  app.addHook('onSend', (_request, reply, _payload, done) => {
    const quota = quotaOfRequest();
    if (quota) {
      const retryAfter = reply.statusCode === 429 ? Number(reply.getHeader('retry-after')) : NaN;
      reply.headers({
        'ratelimit-limit': quota.limit,
        'ratelimit-remaining': reply.statusCode === 429 ? 0 : quota.remaining,
        'ratelimit-reset': Number.isFinite(retryAfter) ? retryAfter : quota.resetSeconds,
        'ratelimit-policy': `${quota.limit};w=${quota.windowSeconds}`,
      });
    }
    done();
  });
}
