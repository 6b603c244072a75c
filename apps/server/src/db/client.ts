import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { keepStatistics } from './statistics-keeper.ts';

export type Schema = typeof schema;
/** One type for both drivers: services and repos never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** Runs the migrations folder; idempotent. On PGlite then ANALYZEs every table, as it has no autovacuum. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL URL; absent: embedded PGlite. */
  url?: string;
  /** PGlite's directory; absent with no url: in memory. */
  dataDir?: string;
  /** PostgreSQL schema to create and use (tests isolate themselves this way). */
  schemaName?: string;
  /** Where a failed pass of PGlite's statistics keeper is told; by default stderr. */
  onKeeperError?: (error: unknown) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.schemaName);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const keeper = keepStatistics(db, options.onKeeperError ?? ((error) => console.error(error)));
  return {
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      // Statistics may be missing or stale (a database from before the keeper, counters lost in a crash).
      await client.exec('analyze');
    },
    close: async () => {
      await keeper.stop();
      await client.close();
    },
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists "${schemaName}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A host that never answers fails the start in seconds instead of hanging it.
    connectionTimeoutMillis: 10_000,
    ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
  });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: () => migratePg(db, { migrationsFolder, migrationsSchema: schemaName ?? 'drizzle' }),
    close: async () => {
      if (schemaName) await pool.query(`drop schema "${schemaName}" cascade`);
      await pool.end();
    },
  };
}
