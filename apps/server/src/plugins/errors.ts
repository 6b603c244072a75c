import { defaultErrorCode, type ApiErrorCode } from '@hivqe/contract';
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

/** Fastify's own refusals of a body it cannot read, by their error code. */
const FRAMEWORK_CODES: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_request',
};

/** The code of a refusal Fastify raised before any route ran: malformed JSON is a SyntaxError with status 400. */
function frameworkCode(error: FastifyError, status: number): ApiErrorCode {
  if (error.code in FRAMEWORK_CODES) return FRAMEWORK_CODES[error.code]!;
  return status === 400 ? 'malformed_request' : defaultErrorCode(status);
}

/**
 * Every failure leaves as `{message, code}` with its status; nothing internal leaks on a 500.
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
      return reply.status(400).send({ message, code: 'validation_failed' });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: error.message, code: frameworkCode(error, status) });
    }
    const fault = serviceFault(error);
    if (fault === 'database-unavailable' || fault === 'database-timeout') {
      request.log.warn({ err: loggableError(error) }, `request failed: ${fault}`);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const message = fault === 'database-timeout' ? DATABASE_TIMEOUT_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE;
      return reply
        .status(503)
        .send({ message, code: fault === 'database-timeout' ? 'database_timeout' : 'database_unavailable' });
    }
    if (fault === 'disk-full') {
      request.log.error({ err: loggableError(error) }, 'request failed: disk full');
      return reply.status(507).send({ message: DISK_FULL_MESSAGE, code: 'disk_full' });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal_error' });
  });
}
