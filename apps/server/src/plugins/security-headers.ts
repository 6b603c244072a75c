import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A year, the least ASVS accepts for HSTS. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The console is built to load only its own files: no inline script or style, no third-party origin, no
 * data: or blob: URL. React sets `style` props through the CSSOM, which style-src does not govern, so
 * 'unsafe-inline' is needed nowhere.
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
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
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { publicUrl }: SecurityHeadersOptions,
): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
}
