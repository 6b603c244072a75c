import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SecretBox } from './secret-box.ts';

const KEY_BYTES = 32;
const KEY_FILE_TEXT = /^[0-9a-f]{64}$/i;

/** The key file exists but holds no usable key: everything sealed or signed with it is at stake, so no start. */
export class InvalidKeyFileError extends Error {}

/**
 * The server's master key: SECRETS_KEY (64 hex digits) when set, else a key file created once in
 * DATA_DIR. Every purpose gets its own derived key, so no two uses share key material.
 */
export class Keyring {
  constructor(private readonly master: Buffer) {
    if (master.length !== KEY_BYTES) throw new Error(`the master key must be ${KEY_BYTES} bytes`);
  }

  static fromConfig(options: { secretsKey?: string; dataDir: string }): Keyring {
    if (options.secretsKey) return new Keyring(Buffer.from(options.secretsKey, 'hex'));
    const file = path.join(options.dataDir, 'secrets.key');
    if (!existsSync(file)) createKeyFile(options.dataDir, file);
    return new Keyring(readKeyFile(file));
  }

  static random(): Keyring {
    return new Keyring(randomBytes(KEY_BYTES));
  }

  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.master, Buffer.alloc(0), purpose, 32));
  }

  /** AES-256-GCM sealing of secrets at rest, under a key of its own for `purpose`. */
  box(purpose: string): SecretBox {
    return new SecretBox(this.derive(purpose));
  }
}

/**
 * A fresh key as 64 hex digits. Another process starting at the same moment may win the race (its key stands); a
 * write cut short (disk full) leaves no partial file behind to be refused at the next start.
 */
function createKeyFile(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    rmSync(file, { force: true });
    throw error;
  }
}

/** An empty, short or mangled key file would be a weak or public key (an empty one signs tokens anyone can make). */
function readKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (KEY_FILE_TEXT.test(text)) return Buffer.from(text, 'hex');
  const found = text === '' ? 'it is empty' : `it holds ${text.length} characters`;
  throw new InvalidKeyFileError(
    `The key file ${file} is not a key (${found}; a key is 64 hex digits, 32 random bytes): ` +
      'restore it from a backup, or delete it to start with a new key (sessions and stored secrets are then lost).',
  );
}
