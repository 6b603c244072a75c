import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidKeyFileError, Keyring } from './keyring.ts';
import { SecretBox, SecretTamperedError } from './secret-box.ts';

const KEY = `${'k'.repeat(54)}LAST10CHRS`;

describe('SecretBox (AES-256-GCM)', () => {
  const box = Keyring.random().box('test');

  it('opens what it sealed, under the same context', () => {
    const sealed = box.seal(KEY, 'user-1:iqm_api_key');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(KEY);
    expect(sealed).not.toContain(KEY.slice(-10));
    expect(box.open(sealed, 'user-1:iqm_api_key')).toBe(KEY);
  });

  it('seals the same value differently each time (fresh IV)', () => {
    expect(box.seal('same', 'ctx')).not.toBe(box.seal('same', 'ctx'));
  });

  it('round-trips the empty string and non-ASCII text', () => {
    expect(box.open(box.seal('', 'ctx'), 'ctx')).toBe('');
    expect(box.open(box.seal('양자 ✓', 'ctx'), 'ctx')).toBe('양자 ✓');
  });

  it.each([
    ['a flipped ciphertext byte', (parts: string[]) => [parts[0], parts[1], flip(parts[2]), parts[3]]],
    ['a flipped tag byte', (parts: string[]) => [parts[0], parts[1], parts[2], flip(parts[3])]],
    ['a flipped IV byte', (parts: string[]) => [parts[0], flip(parts[1]), parts[2], parts[3]]],
    ['an unknown version', (parts: string[]) => ['v2', ...parts.slice(1)]],
    ['a missing part', (parts: string[]) => parts.slice(0, 3)],
    ['an extra part', (parts: string[]) => [...parts, 'x']],
  ])('refuses %s', (_name, tamper) => {
    const sealed = box.seal('secret value', 'ctx');
    expect(() => box.open(tamper(sealed.split('.')).join('.'), 'ctx')).toThrow(SecretTamperedError);
  });

  it('refuses a value moved to another context (row or field)', () => {
    const sealed = box.seal('secret value', 'user-1:iqm_api_key');
    expect(() => box.open(sealed, 'user-2:iqm_api_key')).toThrow(SecretTamperedError);
    expect(() => box.open(sealed, 'user-1:external_id')).toThrow(SecretTamperedError);
  });

  it('refuses a value sealed under another key or purpose', () => {
    const keyring = Keyring.random();
    const sealed = keyring.box('settings').seal('secret value', 'ctx');
    expect(() => keyring.box('other').open(sealed, 'ctx')).toThrow(SecretTamperedError);
    expect(() => Keyring.random().box('settings').open(sealed, 'ctx')).toThrow(SecretTamperedError);
  });

  it('needs a 256-bit key', () => {
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('256-bit');
  });
});

describe('Keyring.fromConfig', () => {
  it('uses SECRETS_KEY when set', () => {
    const secretsKey = 'ab'.repeat(32);
    const sealed = Keyring.fromConfig({ secretsKey, dataDir: '/nonexistent' }).box('p').seal('v', 'c');
    expect(Keyring.fromConfig({ secretsKey, dataDir: '/elsewhere' }).box('p').open(sealed, 'c')).toBe('v');
  });

  it('otherwise creates a key file in DATA_DIR once, readable by the owner only, and reuses it', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'keyring-')), 'data');
    const sealed = Keyring.fromConfig({ dataDir }).box('p').seal('v', 'c');
    const file = path.join(dataDir, 'secrets.key');
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Keyring.fromConfig({ dataDir }).box('p').open(sealed, 'c')).toBe('v');
  });

  it.each([
    ['empty', '', 'it is empty'],
    ['blank', ' \n', 'it is empty'],
    ['short', 'ab'.repeat(16), 'it holds 32 characters'],
    ['long', 'ab'.repeat(33), 'it holds 66 characters'],
    ['not hex', 'zz'.repeat(32), 'it holds 64 characters'],
  ])('refuses an %s key file, naming it', (_name, content, found) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyring-'));
    const file = path.join(dataDir, 'secrets.key');
    writeFileSync(file, content);
    expect(() => Keyring.fromConfig({ dataDir })).toThrow(InvalidKeyFileError);
    expect(() => Keyring.fromConfig({ dataDir })).toThrow(`The key file ${file} is not a key (${found};`);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('accepts a key file written by hand with a trailing newline and upper-case digits', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyring-'));
    writeFileSync(path.join(dataDir, 'secrets.key'), `${'AB'.repeat(32)}\n`);
    const sealed = Keyring.fromConfig({ secretsKey: 'ab'.repeat(32), dataDir: '/nonexistent' })
      .box('p')
      .seal('v', 'c');
    expect(Keyring.fromConfig({ dataDir }).box('p').open(sealed, 'c')).toBe('v');
  });
});

function flip(part: string): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] ^= 0x01;
  return bytes.toString('base64url');
}
