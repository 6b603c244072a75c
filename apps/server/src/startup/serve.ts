import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { Passwords } from '../modules/auth/passwords.ts';
import { jobLimits } from '../modules/jobs/job-limits.ts';
import { startMarketplaceBackground } from '../modules/marketplace/background.ts';
import { StsRoleAccessChecker } from '../providers/aws/sts-role-access.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import { OutboxMailer } from '../providers/mail/outbox.ts';
import { SmtpMailer } from '../providers/mail/smtp.ts';
import { createMarketplace } from '../providers/marketplace/create-marketplace.ts';
import type { Keyring } from '../providers/secrets/keyring.ts';
import { startLeaseSweeper } from '../worker/lease-sweeper.ts';
import { exitOnSignals } from '../worker/shutdown.ts';
import { createLocalRunner, runnerIqm, runnerTimings } from '../worker/start-runner.ts';
import { openMigratedDatabase } from './database.ts';
import { listen } from './listen.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The API's start once the surroundings passed main.ts's checks: database, app, runner, listening, signals. */
export async function serve(config: Config, log: Logger, keyring: Keyring): Promise<void> {
  const database = await openMigratedDatabase(config, log);
  log.info({ database: config.DATABASE_URL ? 'postgresql' : 'pglite' }, 'database migrated');

  // The API process runs local jobs too unless WORKERS=0 (then `npm run worker` processes do, on PostgreSQL).
  const runner =
    config.WORKERS > 0
      ? createLocalRunner(database.db, log, runnerTimings(config), runnerIqm(config, database.db, keyring))
      : undefined;

  const mailer: Mailer = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
  const awsCalls = {
    connectionTimeoutMs: config.AWS_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: config.AWS_REQUEST_TIMEOUT_MS,
    maxAttempts: config.AWS_MAX_ATTEMPTS,
    endpoint: config.BRAKET_ENDPOINT_URL,
  };
  const { app, auth, marketplaceStates } = await buildApp({
    db: database.db,
    mailer,
    keyring,
    passwords: new Passwords(),
    webDist: config.WEB_DIST ?? path.resolve(here, '../../../web/dist'),
    logger: log,
    trustProxy: config.TRUST_PROXY,
    internalEmailDomain: config.INTERNAL_EMAIL_DOMAIN,
    companyName: config.COMPANY_NAME,
    publicUrl: config.publicUrl,
    jobRunner: runner,
    jobLimits: jobLimits(config),
    jobBackend: config.JOB_BACKEND,
    iqmConfigured: config.IQM_BASE_URL !== undefined,
    braket: config.BRAKET_CONTAINER_IMAGE
      ? {
          containerImage: config.BRAKET_CONTAINER_IMAGE,
          executionRoleName: config.BRAKET_EXECUTION_ROLE_NAME,
          calls: awsCalls,
        }
      : undefined,
    awsRegion: config.AWS_REGION,
    localAccountId: config.LOCAL_ACCOUNT_ID,
    marketplace: createMarketplace({
      mode: config.MARKETPLACE,
      productCode: config.MARKETPLACE_PRODUCT_CODE,
    }),
    platformAwsAccountId: config.PLATFORM_AWS_ACCOUNT_ID,
    // Test connection assumes customers' roles only where jobs do: on a non-local back end.
    roleAccess:
      config.JOB_BACKEND === 'local'
        ? undefined
        : new StsRoleAccessChecker({ region: config.AWS_REGION, calls: awsCalls }),
  });

  const adminPassword = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  if (await auth.bootstrapAdmin(config.ADMIN_EMAIL, adminPassword)) {
    const shown = config.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : adminPassword;
    log.warn(
      `created system administrator ${config.ADMIN_EMAIL} with password ${shown}; set a new one at first login`,
    );
  }
  await listen(app, config.host, config.PORT).catch(async (error: unknown) => {
    await app.close();
    await database.close();
    throw error;
  });

  const marketplaceBackground =
    config.MARKETPLACE === 'aws'
      ? startMarketplaceBackground({
          states: marketplaceStates,
          queueUrl: config.MARKETPLACE_SQS_URL,
          region: config.AWS_REGION,
          log,
        })
      : undefined;

  runner?.start();
  const stopSweeper = runner ? undefined : startLeaseSweeper(database.db, log, runnerTimings(config));
  // SIGTERM: stop listening and claiming, hand running jobs back (no attempt spent) while requests under way
  // finish, then close the database; within SHUTDOWN_BOUND_MS, or the process exits regardless.
  exitOnSignals(async () => {
    stopSweeper?.();
    await Promise.all([marketplaceBackground?.stop(), app.close(), runner?.stop()]);
    await database.close();
  }, log);
  log.info(
    `${config.publicUrl} is ready${config.SMTP_URL ? '' : `; mail goes to ${config.publicUrl}/dev/mailbox`}`,
  );
}
