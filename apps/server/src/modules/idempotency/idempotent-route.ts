import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../plugins/authenticate.ts';
import { sendCreated } from './send-created.ts';
import type { Answer, IdempotencyService } from './service.ts';

/**
 * Answers a create route once per (user, `Idempotency-Key`) as `IdempotencyService.once` rules: `run` runs for
 * the first request with a key, and a retry with the same key, path, query and body gets that answer again. The
 * route validates the header with `idempotentCreateHeaders`; `scope` names what it creates.
 */
export type IdempotentCreate = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  run: () => Promise<Answer<T>>,
) => Promise<FastifyReply>;

export const idempotentCreates =
  (service: IdempotencyService): IdempotentCreate =>
  async (request, reply, scope, run) => {
    const key = request.headers['idempotency-key'];
    const { params, query, body } = request;
    const answer = await service.once(
      {
        userId: principalOf(request).user.id,
        key: typeof key === 'string' ? key : undefined,
        scope,
        body: { params, query, body },
      },
      run,
    );
    return sendCreated(reply, answer);
  };
