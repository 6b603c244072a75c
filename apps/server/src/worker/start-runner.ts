import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { IqmKeys } from '../modules/account/iqm-keys.ts';
import { AccountSettingsRepo } from '../modules/account/repo.ts';
import { PROVIDER_SETTINGS_BOX } from '../modules/account/sealed-fields.ts';
import type { Keyring } from '../providers/secrets/keyring.ts';
import { JobCheckpointRepo } from './job-checkpoints.ts';
import { JobOutputRepo } from './job-output.ts';
import { LocalRunner, type IqmRunnerSettings, type RunnerTimings } from './local-runner.ts';
import { JobQueue } from './queue.ts';

/** An idle runner looks for queued jobs this often (the API process also wakes its runner on create). */
export const POLL_MS = 1000;

export const runnerTimings = (config: Config): RunnerTimings => ({
  workers: config.WORKERS,
  leaseMs: config.JOB_LEASE_MS,
  heartbeatMs: config.JOB_HEARTBEAT_MS,
  pollMs: POLL_MS,
  maxAttempts: config.JOB_MAX_ATTEMPTS,
  maxLostRuns: config.JOB_MAX_LOST_RUNS,
});

/** IQM Resonance for the runners when IQM_BASE_URL is set: the owners' keys are opened with `keyring`. */
export const runnerIqm = (config: Config, db: Db, keyring: Keyring): IqmRunnerSettings | undefined =>
  config.IQM_BASE_URL === undefined
    ? undefined
    : {
        baseUrl: config.IQM_BASE_URL,
        pollMs: config.IQM_POLL_MS,
        requestTimeoutMs: config.IQM_REQUEST_TIMEOUT_MS,
        retryBudgetMs: config.IQM_RETRY_BUDGET_S * 1000,
        retryBaseDelayMs: config.IQM_RETRY_BASE_MS,
        ...(config.IQM_QUEUE_DEADLINE_S === undefined
          ? {}
          : { queueDeadlineMs: config.IQM_QUEUE_DEADLINE_S * 1000 }),
        keys: new IqmKeys(new AccountSettingsRepo(db), keyring.box(PROVIDER_SETTINGS_BOX)),
      };

/** A runner over `db`, not yet started; it takes IQM jobs when given `iqm`. */
export const createLocalRunner = (
  db: Db,
  log: FastifyBaseLogger,
  timings: RunnerTimings,
  iqm?: IqmRunnerSettings,
) =>
  new LocalRunner({
    ...timings,
    queue: new JobQueue(db),
    output: new JobOutputRepo(db),
    checkpoints: new JobCheckpointRepo(db),
    log,
    iqm,
  });
