import { count, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { jobCheckpoints, jobMetrics } from '../src/db/schema/index.ts';
import { IqmKeys } from '../src/modules/account/iqm-keys.ts';
import { AccountSettingsRepo } from '../src/modules/account/repo.ts';
import { PROVIDER_SETTINGS_BOX } from '../src/modules/account/sealed-fields.ts';
import { Keyring } from '../src/providers/secrets/keyring.ts';
import { MID_JOB_LINE } from './mid-job.ts';
import { createLocalRunner } from '../src/worker/start-runner.ts';

/**
 * A job runner in a process of its own, for the tests that kill one: `npm run worker` without its
 * configuration, on the database the environment names (a test schema on PostgreSQL, or a PGlite directory),
 * taking IQM jobs when WORKER_IQM_BASE_URL is set (the owners' keys opened with WORKER_SECRETS_KEY).
 */
const url = process.env.WORKER_DATABASE_URL;
const database = await openDatabase(
  url ? { url, schemaName: process.env.WORKER_SCHEMA } : { dataDir: process.env.WORKER_DATA_DIR },
);
await database.migrate();
const iqmBaseUrl = process.env.WORKER_IQM_BASE_URL;
const runner = createLocalRunner(
  database.db,
  pino({ level: 'info' }),
  {
    workers: 1,
    leaseMs: Number(process.env.WORKER_LEASE_MS),
    heartbeatMs: 100,
    pollMs: 100,
    maxAttempts: 2,
    maxLostRuns: 2,
  },
  iqmBaseUrl
    ? {
        baseUrl: iqmBaseUrl,
        pollMs: 10,
        requestTimeoutMs: 5_000,
        retryBudgetMs: 30_000,
        retryBaseDelayMs: 20,
        keys: new IqmKeys(
          new AccountSettingsRepo(database.db),
          new Keyring(Buffer.from(process.env.WORKER_SECRETS_KEY ?? '', 'hex')).box(PROVIDER_SETTINGS_BOX),
        ),
      }
    : undefined,
);
runner.start();

// Tells the test when a job is surely in the middle of its run (its energy points and a checkpoint to resume
// from are stored; the checkpoint is written just after its iteration's point; and as many IQM jobs recorded as
// asked): the test may own no connection to an embedded database, so this process, which owns it, watches for it.
const points = Number(process.env.WORKER_MID_JOB_POINTS ?? 1);
const iqmJobs = Number(process.env.WORKER_MID_JOB_IQM_JOBS ?? 0);
const pointsStored = async () => (await database.db.select({ n: count() }).from(jobMetrics))[0].n;
// A computation's row appears with its RHF energy, before there is a checkpoint in it.
const checkpointsStored = async () =>
  (
    await database.db.select({ n: count() }).from(jobCheckpoints).where(isNotNull(jobCheckpoints.checkpoint))
  )[0].n;
const iqmJobsRecorded = async () =>
  (
    await database.db
      .select({
        n: sql<number>`coalesce(sum((select count(*) from jsonb_object_keys(${jobCheckpoints.iqmJobs}))), 0)::int`,
      })
      .from(jobCheckpoints)
  )[0].n;
const watch = setInterval(() => {
  void Promise.all([pointsStored(), checkpointsStored(), iqmJobsRecorded()]).then(
    ([metrics, checkpoints, recorded]) => {
      if (metrics < points || checkpoints === 0 || recorded < iqmJobs) return;
      clearInterval(watch);
      console.log(MID_JOB_LINE);
    },
  );
}, 50);
