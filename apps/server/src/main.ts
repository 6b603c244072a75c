import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { Passwords } from './modules/auth/passwords.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import { OutboxMailer } from './providers/mail/outbox.ts';
import { SmtpMailer } from './providers/mail/smtp.ts';
import { Keyring } from './providers/secrets/keyring.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'db') },
  );
  await database.migrate();
  log.info({ database: config.DATABASE_URL ? 'postgresql' : 'pglite' }, 'database migrated');

  const mailer: Mailer = config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
  const { app, auth } = await buildApp({
    db: database.db,
    mailer,
    keyring: Keyring.fromConfig({ secretsKey: config.SECRETS_KEY, dataDir: config.dataDir }),
    passwords: new Passwords(),
    webDist: config.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    logger: log,
    internalEmailDomain: config.INTERNAL_EMAIL_DOMAIN,
    companyName: config.COMPANY_NAME,
    publicUrl: config.publicUrl,
  });

  const adminPassword = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  if (await auth.bootstrapAdmin(config.ADMIN_EMAIL, adminPassword)) {
    const shown = config.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : adminPassword;
    log.warn(
      `created system administrator ${config.ADMIN_EMAIL} with password ${shown}; set a new one at first login`,
    );
  }

  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    `${config.publicUrl} is ready${config.SMTP_URL ? '' : `; mail goes to ${config.publicUrl}/dev/mailbox`}`,
  );
}

await main();
