import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A year, the least ASVS accepts for HSTS. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The console is built to load only its own files: no inline script or style, no third-party origin, no
 * data: URL. React sets `style` props through the CSSOM, which style-src does not govern, so 'unsafe-inline' is
 * needed nowhere. The one blob: is an image: the chart's PNG export draws the chart's SVG, which only the
 * console's own script can have made into a blob: URL, onto a canvas (an image runs no script).
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export interface SecurityHeadersOptions {
  /** Where the console is reached (PUBLIC_URL); https turns on HSTS and the upgrade of insecure requests. */
  publicUrl: string;
}

/**
 * Security headers on every answer (API, console, mailbox, errors, 404). HSTS and upgrade-insecure-requests
 * only behind https: on a plain-http deployment they would break the console (the browser would fetch its
 * assets over https or refuse the host for a year).
 *
 * Helmet decides the headers; they depend on nothing in the request, so they are worked out once at start-up
 * and each answer gets the same set in one synchronous hook. (@fastify/helmet rebuilds Helmet from its options
 * in two hooks on every request, which cost about 8% of a request's CPU.) Set in `onRequest`, as Helmet sets
 * them, so a route may still override one.
 */
export function registerSecurityHeaders(app: FastifyInstance, { publicUrl }: SecurityHeadersOptions): void {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`GET /%zz`) is answered before any hook runs, so
 * this answer sets the same headers itself, and the request id the `onSend` hook would have added.
 */
export function frameworkErrorAnswer(publicUrl: string) {
  const headers = securityHeaders(publicUrl);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void reply
      .headers(headers)
      .header('x-request-id', request.id)
      .status(error.statusCode ?? 400)
      .send({
        message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? 'The request could not be routed.',
        code: 'malformed_request',
      });
  };
}

/** Fastify's own words echo the path back (it may carry a secret); these name the fault only. */
export const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request URL is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter of the request URL is too long.',
};

/** The headers Helmet sets for the console at `publicUrl`, by lower-case name. */
function securityHeaders(publicUrl: string): Record<string, string> {
  const https = new URL(publicUrl).protocol === 'https:';
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
  const headers: Record<string, string> = {};
  // Every directive above is a constant, so Helmet reads nothing of the request and writes only headers.
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
