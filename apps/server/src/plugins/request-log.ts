import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** What stands in the log for every query-string value. */
export const REDACTED = '[redacted]';

/**
 * A request URL as the log keeps it: the path, and the query's parameter names with every value redacted.
 * Query strings carry secrets (the invitation link's token, a marketplace mapping id) and logs travel further
 * than the database; a deny-list of names would miss the next route's secret, so no value is kept.
 * No route takes a secret in its path (tokens and codes travel in bodies), so the path stays whole.
 */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = [...new URLSearchParams(url.slice(start + 1)).keys()];
  const query = names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&');
  return query ? `${url.slice(0, start)}?${query}` : url.slice(0, start);
}

/** Fastify's access-log fields of a request (method, url, host, peer), with the URL made loggable. */
function loggableRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger: `logger` with the request serializer above, so every line about a request (Fastify's
 * "incoming request", and any line that logs `req`) carries no query value. Bodies are never logged.
 */
export const requestLogger = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  logger.child({}, { serializers: { req: loggableRequest } });
