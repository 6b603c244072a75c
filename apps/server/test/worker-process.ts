import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { createLocalRunner } from '../src/worker/start-runner.ts';

/**
 * A job runner in a process of its own, for the test that kills one: `npm run worker` without its
 * configuration, on the database the environment names (a test schema on PostgreSQL, or a PGlite directory).
 */
const url = process.env.WORKER_DATABASE_URL;
const database = await openDatabase(
  url ? { url, schemaName: process.env.WORKER_SCHEMA } : { dataDir: process.env.WORKER_DATA_DIR },
);
await database.migrate();
const runner = createLocalRunner(database.db, pino({ level: 'info' }), {
  workers: 1,
  leaseMs: Number(process.env.WORKER_LEASE_MS),
  heartbeatMs: 100,
  pollMs: 100,
  maxAttempts: 2,
});
runner.start();
