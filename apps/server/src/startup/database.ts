import path from 'node:path';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client.ts';
import { errorCode } from '../lib/error-code.ts';
import { StartupError } from './startup-error.ts';
import { onDataDir } from './storage.ts';

/** Codes of a PostgreSQL that cannot be reached or will not let this user in, as opposed to a failing query. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const REFUSED_SQLSTATES = /^(28...|3D000|57P03)$/;

/** Where the database's troubles that no request sees are told. */
interface DatabaseLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The database migrated and ready: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db. */
export async function openMigratedDatabase(
  config: { DATABASE_URL?: string; DB_STATEMENT_TIMEOUT_MS?: number; dataDir: string },
  log: DatabaseLog,
): Promise<Database> {
  const url = config.DATABASE_URL;
  if (!url) {
    const onKeeperError = (error: unknown) =>
      log.error({ err: error }, 'keeping the embedded database statistics failed');
    return onDataDir(config.dataDir, 'the embedded database', () =>
      migrated({ dataDir: path.join(config.dataDir, 'db'), onKeeperError }),
    );
  }
  try {
    return await migrated({
      url,
      onConnectionLost: connectionLostLogger(log),
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  } catch (error) {
    throw unreachable(error, url) ?? error;
  }
}

async function migrated(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await database.migrate();
  return database;
}

/** An idle connection that the database ended: the pool has dropped it and opens a new one when needed. */
export function connectionLostLogger(log: Pick<DatabaseLog, 'warn'>): (error: unknown) => void {
  return (error) => log.warn({ err: error }, 'database connection lost; the next query opens a new one');
}

/** Names the server and the reason, never the URL's password. */
function unreachable(error: unknown, url: string): StartupError | undefined {
  const code = errorCode(error);
  if (!code || !(UNREACHABLE.has(code) || REFUSED_SQLSTATES.test(code))) return undefined;
  const { hostname, port, pathname } = new URL(url);
  const reason = UNREACHABLE.has(code) ? code : `${code} ${(error as Error).message}`;
  return new StartupError(
    `Database unreachable at ${hostname}:${port || 5432}${pathname} (${reason}). ` +
      'Check DATABASE_URL and that PostgreSQL is running.',
  );
}
