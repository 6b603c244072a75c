import { errorCode } from './error-code.ts';
import { chainOf } from './loggable-error.ts';

/**
 * A failure of the server's surroundings rather than of the request or the code: the database cannot be reached
 * (it restarts, fails over, or a proxy or timeout cut the connection) or the disk is full. Each has its own
 * answer (503 or 507) so that clients and operators see the cause instead of a generic 500.
 */
export type ServiceFault = 'database-unavailable' | 'database-timeout' | 'disk-full';

/** The database's connections come back within seconds of the database (see db/client.ts and db/change-events.ts). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Service temporarily unavailable: the database cannot be reached. Try again in a few seconds.';
export const DATABASE_TIMEOUT_MESSAGE =
  'Service temporarily unavailable: the database did not answer in time. Try again in a few seconds.';
export const DISK_FULL_MESSAGE =
  'Disk full: the server has no space left to store this. Try again once an administrator has freed space.';

/** Socket failures: the only socket most requests use is the database's (mail and AWS SDKs wrap theirs). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now. */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;
/** node-postgres' own words for a connection that died or never came; they carry no code. */
const CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|is not queryable/;
/** SQLSTATE 57014 query_canceled: this service cancels only through its statement timeout (db/client.ts). */
const STATEMENT_TIMEOUT_SQLSTATE = '57014';
/** node-postgres' words when the statement timeout's grace ran out with no answer at all. */
const QUERY_TIMEOUT = /Query read timeout/;
/** ENOSPC and EDQUOT from Node or PGlite's file system, SQLSTATE 53100 disk_full from PostgreSQL. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function serviceFault(error: unknown): ServiceFault | undefined {
  const code = errorCode(error);
  if (code && DISK_FULL_CODES.has(code)) return 'disk-full';
  if (code && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return 'database-unavailable';
  if (code === STATEMENT_TIMEOUT_SQLSTATE) return 'database-timeout';
  // A failed query wraps the driver's error: look at the causes too.
  const says = (pattern: RegExp) =>
    chainOf(error).some((link) => link instanceof Error && pattern.test(link.message));
  if (says(CONNECTION_LOST)) return 'database-unavailable';
  return says(QUERY_TIMEOUT) ? 'database-timeout' : undefined;
}
