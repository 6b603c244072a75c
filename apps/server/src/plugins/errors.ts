import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { loggableError } from '../lib/loggable-error.ts';

/** A 429 whose cause cannot tell when to come back still asks the client to wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every failure leaves as `{message}` with its status; nothing internal leaks on a 500.
 * Every 429 carries `Retry-After` in seconds: the error's own wait, else the default.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const message = error.validation
        .map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return field ? `${where}.${field}: ${issue.message}` : `${where}: ${issue.message}`;
        })
        .join('; ');
      return reply.status(400).send({ message });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
