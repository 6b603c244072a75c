import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { loggableError } from '../lib/loggable-error.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_TIMEOUT_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DISK_FULL_MESSAGE,
  serviceFault,
} from '../lib/service-faults.ts';

/** A 429 whose cause cannot tell when to come back still asks the client to wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every failure leaves as `{message}` with its status; nothing internal leaks on a 500.
 * Every 429 carries `Retry-After` in seconds: the error's own wait, else the default. A database that cannot be
 * reached answers 503 with `Retry-After`, a full disk 507: both name their cause.
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
    const fault = serviceFault(error);
    if (fault === 'database-unavailable' || fault === 'database-timeout') {
      request.log.warn({ err: loggableError(error) }, `request failed: ${fault}`);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const message = fault === 'database-timeout' ? DATABASE_TIMEOUT_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE;
      return reply.status(503).send({ message });
    }
    if (fault === 'disk-full') {
      request.log.error({ err: loggableError(error) }, 'request failed: disk full');
      return reply.status(507).send({ message: DISK_FULL_MESSAGE });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
