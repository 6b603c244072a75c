import pino from 'pino';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { Keyring } from '../providers/secrets/keyring.ts';
import { connectionLostLogger } from '../startup/database.ts';
import { createLocalRunner, runnerIqm, runnerTimings } from './start-runner.ts';
import { exitOnSignals } from './shutdown.ts';

/**
 * `npm run worker`: a job runner without the API, so local and IQM jobs scale out over processes on PostgreSQL.
 * It opens IQM keys, so it needs the API's SECRETS_KEY (a key file in DATA_DIR is per machine).
 */
const config = loadConfigOrExit();
const log = pino({ level: config.LOG_LEVEL });
if (!config.DATABASE_URL) {
  log.error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to one process, ' +
      'so without PostgreSQL the API process runs the jobs itself (WORKERS).',
  );
  process.exit(1);
}
if (config.WORKERS === 0) {
  log.error('WORKERS=0: a worker process must run at least one job at a time.');
  process.exit(1);
}
const database = await openDatabase({
  url: config.DATABASE_URL,
  onConnectionLost: connectionLostLogger(log),
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
});
await database.migrate();
const keyring = Keyring.fromConfig({ secretsKey: config.SECRETS_KEY, dataDir: config.dataDir });
const runner = createLocalRunner(
  database.db,
  log,
  runnerTimings(config),
  runnerIqm(config, database.db, keyring),
);
runner.start();
log.info({ runner: runner.owner, workers: config.WORKERS }, 'worker is running jobs');

// SIGTERM: claim nothing more, hand the running jobs back to the queue at once (no attempt spent), then close.
exitOnSignals(async () => {
  await runner.stop();
  await database.close();
}, log);
