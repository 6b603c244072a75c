import { count } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { jobMetrics } from '../src/db/schema/index.ts';
import { MID_JOB_LINE } from './mid-job.ts';
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
  maxLostRuns: 2,
});
runner.start();

// Tells the test when a job is surely in the middle of its run (its first energy point is stored): the test
// may own no connection to an embedded database, so this process, which owns it, watches for it.
const watch = setInterval(() => {
  void database.db
    .select({ n: count() })
    .from(jobMetrics)
    .then(([row]) => {
      if (row.n === 0) return;
      clearInterval(watch);
      console.log(MID_JOB_LINE);
    });
}, 50);
