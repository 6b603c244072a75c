import { MAPPING_COOKIE, MAPPING_COOKIE_MAX_AGE_SECONDS } from '@hivqe/contract';

/**
 * The mapping id cookie (spec 9): 4 hours, SameSite Strict, Secure, path /. Not HttpOnly: the console reads it.
 * Host-only: a deployment on several subdomains would add Domain here.
 */
export const mappingCookie = (mappingId: string) =>
  `${MAPPING_COOKIE}=${mappingId}; Max-Age=${MAPPING_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict; Secure`;
