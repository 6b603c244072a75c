import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorCode } from '../lib/error-code.ts';
import { StartupError } from './startup-error.ts';

/**
 * The one line for a file system failure under DATA_DIR (`what` names the file or step), or undefined when the
 * error is not one the operator fixes on the disk.
 */
export function storageFailure(error: unknown, dataDir: string, what: string): StartupError | undefined {
  const code = errorCode(error);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new StartupError(
        `Disk full: no space left to write ${what} in DATA_DIR ${dataDir}. Free some space or set DATA_DIR to another disk.`,
      );
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new StartupError(
        `DATA_DIR ${dataDir} is not writable (${code} writing ${what}). Give this user write access or set DATA_DIR.`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new StartupError(`DATA_DIR ${dataDir} is not a directory. Set DATA_DIR to a directory.`);
    default:
      return undefined;
  }
}

/** Runs `step` on DATA_DIR, turning a disk's refusal into its one line. */
export async function onDataDir<T>(dataDir: string, what: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw storageFailure(error, dataDir, what) ?? error;
  }
}

/**
 * DATA_DIR exists (or is made), is a directory and takes a write, before anything is stored there: a start on a
 * read-only, missing or full disk stops here with one line rather than later in the middle of the database's set-up.
 */
export function prepareDataDir(dataDir: string): Promise<void> {
  return onDataDir(dataDir, 'a test file', () => {
    mkdirSync(dataDir, { recursive: true });
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error(dataDir), { code: 'ENOTDIR' });
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    try {
      writeFileSync(probe, 'ok');
    } finally {
      rmSync(probe, { force: true });
    }
  });
}

/** DATA_DIR holds the key file, the embedded database and the outbox; a start with all three replaced skips it. */
export function dataDirNeeded(config: {
  SECRETS_KEY?: string;
  DATABASE_URL?: string;
  SMTP_URL?: string;
}): boolean {
  return !config.SECRETS_KEY || !config.DATABASE_URL || !config.SMTP_URL;
}
