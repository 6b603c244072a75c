import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SecretBox } from './secret-box.ts';

/**
 * The server's master key: SECRETS_KEY (64 hex digits) when set, else a key file created once in
 * DATA_DIR. Every purpose gets its own derived key, so no two uses share key material.
 */
export class Keyring {
  constructor(private readonly master: Buffer) {}

  static fromConfig(options: { secretsKey?: string; dataDir: string }): Keyring {
    if (options.secretsKey) return new Keyring(Buffer.from(options.secretsKey, 'hex'));
    const file = path.join(options.dataDir, 'secrets.key');
    if (!existsSync(file)) {
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    }
    return new Keyring(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  }

  static random(): Keyring {
    return new Keyring(randomBytes(32));
  }

  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.master, Buffer.alloc(0), purpose, 32));
  }

  /** AES-256-GCM sealing of secrets at rest, under a key of its own for `purpose`. */
  box(purpose: string): SecretBox {
    return new SecretBox(this.derive(purpose));
  }
}
