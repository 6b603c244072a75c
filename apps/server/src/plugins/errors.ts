import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

/** Every failure leaves as `{message}` with its status; nothing internal leaks on a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
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
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
