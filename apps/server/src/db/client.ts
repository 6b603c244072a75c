import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';
import { keepStatistics } from './statistics-keeper.ts';

export type Schema = typeof schema;
/** One type for both drivers: services and repos never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** Runs the migrations folder; idempotent. On PGlite then ANALYZEs every table, as it has no autovacuum. */
  migrate(): Promise<void>;
  /** PGlite only: writes the database to `file`, which `DatabaseOptions.template` opens again. */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL URL; absent: embedded PGlite. */
  url?: string;
  /** PGlite's directory; absent with no url: in memory. */
  dataDir?: string;
  /** PGlite: a file written by `Database.dumpTo`, which the database starts as (tests open a migrated one). */
  template?: string;
  /** PostgreSQL schema to create and use (tests isolate themselves this way). */
  schemaName?: string;
  /** Where a failed pass of PGlite's statistics keeper is told; by default stderr. */
  onKeeperError?: (error: unknown) => void;
  /** Where a PostgreSQL connection lost while idle in the pool is told; by default stderr. */
  onConnectionLost?: (error: unknown) => void;
  /** PostgreSQL: the server cancels a statement running longer (default 30 s). */
  statementTimeoutMs?: number;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/**
 * Past the statement timeout, the client stops waiting for an answer too: a connection whose packets vanish
 * (a cut network, a frozen proxy) never answers the server's cancellation either.
 */
const CLIENT_GRACE_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.schemaName,
      options.onConnectionLost ?? ((error) => console.warn('database connection lost:', error)),
      options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    );
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // In a thread of its own: PGlite computes each query on the thread that calls it, the API's event loop else.
  const client = new PGliteThread({ dataDir: options.dataDir, template: options.template });
  await client.waitReady;
  // drizzle calls only the part of PGlite's API that the thread offers (query, transaction).
  const pglite = client as unknown as PGlite;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const keeper = keepStatistics(db, options.onKeeperError ?? ((error) => console.error(error)));
  return {
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
      // Statistics may be missing or stale (a database from before the keeper, counters lost in a crash).
      await client.exec('analyze');
    },
    dumpTo: (file) => client.dump(file),
    close: async () => {
      await keeper.stop();
      await client.close();
    },
  };
}

/**
 * PostgreSQL through a pool that outlives its connections: a connection the server ends (restart, failover,
 * pg_terminate_backend, an idle timeout or a proxy) is dropped and the next query opens a fresh one, while the
 * query it was running fails (the error plugin answers 503). node-postgres emits 'error' on a client, and on the
 * pool for an idle one; unhandled, that event would end the process.
 */
async function openPostgres(
  url: string,
  schemaName: string | undefined,
  onConnectionLost: (error: unknown) => void,
  statementTimeoutMs: number,
): Promise<Database> {
  const connection: pg.ClientConfig = {
    connectionString: url,
    // A host that never answers fails the start, or a query, in seconds instead of hanging it.
    connectionTimeoutMillis: 10_000,
    // Names the service's sessions in pg_stat_activity (a URL's own application_name wins).
    application_name: 'hivqe',
    ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
  };
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists "${schemaName}"`);
    await admin.end();
  }
  // Only the pool's queries are bounded: migrations run on `connection` and may take longer.
  const pool = new pg.Pool({
    ...connection,
    max: 10,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
  });
  pool.on('error', onConnectionLost);
  // A client checked out when its connection dies fails its query with the error; this keeps the event that
  // follows from ending the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  const migrationsSchema = schemaName ?? 'drizzle';
  return {
    db: db as unknown as Db,
    migrate: () => migrateOnce(connection, migrationsSchema),
    close: async () => {
      if (schemaName) await pool.query(`drop schema "${schemaName}" cascade`);
      await pool.end();
    },
  };
}

/**
 * Runs the migrations under a session-level advisory lock, so that processes started together on an empty
 * database (the API and its workers) migrate one after the other: the first applies them, the others find them
 * applied. Without it they race in the same CREATEs. The key is per migrations schema, so test schemas do not
 * wait for each other; ending the session releases the lock, also when the migration fails.
 */
async function migrateOnce(connection: pg.ClientConfig, migrationsSchema: string): Promise<void> {
  const client = new pg.Client(connection);
  client.on('error', () => {}); // the query under way fails with it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [
      `hivqe migrations ${migrationsSchema}`,
    ]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder, migrationsSchema });
  } finally {
    await client.end();
  }
}
