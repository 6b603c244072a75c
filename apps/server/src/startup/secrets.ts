import { InvalidKeyFileError, Keyring } from '../providers/secrets/keyring.ts';
import { StartupError } from './startup-error.ts';
import { onDataDir } from './storage.ts';

/** SECRETS_KEY, else DATA_DIR/secrets.key (made on the first start); a file that holds no key stops the start. */
export function openKeyring(options: { secretsKey?: string; dataDir: string }): Promise<Keyring> {
  return onDataDir(options.dataDir, 'secrets.key', () => {
    try {
      return Keyring.fromConfig(options);
    } catch (error) {
      throw error instanceof InvalidKeyFileError ? new StartupError(error.message) : error;
    }
  });
}
