import pino from 'pino';
import { loadConfigOrExit } from './config.ts';
import { passwordPolicyError } from './modules/auth/password-policy.ts';
import { exposureWarnings } from './startup/exposure.ts';
import { openKeyring } from './startup/secrets.ts';
import { StartupError, startOrExit } from './startup/startup-error.ts';
import { dataDirNeeded, prepareDataDir } from './startup/storage.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const adminPasswordProblem = config.ADMIN_PASSWORD && passwordPolicyError(config.ADMIN_PASSWORD);
  if (adminPasswordProblem) throw new StartupError(`ADMIN_PASSWORD: ${adminPasswordProblem}`);
  const log = pino({ level: config.LOG_LEVEL });
  for (const warning of exposureWarnings(config)) log.warn(warning);
  if (dataDirNeeded(config)) await prepareDataDir(config.dataDir);
  const keyring = await openKeyring({ secretsKey: config.SECRETS_KEY, dataDir: config.dataDir });
  // Loaded only now: the app's module graph takes seconds, and a start that cannot work has said why by here.
  const { serve } = await import('./startup/serve.ts');
  await serve(config, log, keyring);
}

await startOrExit(main);
