import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../lib/local-peer.ts';

/**
 * Black-box: the real server (`tsx apps/server/src/main.ts`) started as an operator would, in surroundings that
 * cannot work. Each start must end at once with exit code 1 and one line on stderr naming the cause.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = ['--import', 'tsx', 'apps/server/src/main.ts'];
const SPAWN_TIMEOUT_MS = 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const dataDir = () => mkdtemp(path.join(tmpdir(), 'hivqe-start-'));

/** Nothing inherited decides the outcome: embedded defaults unless the test says otherwise. */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '',
    DATABASE_URL: '',
    SMTP_URL: '',
    SECRETS_KEY: '',
    TRUST_PROXY: '',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(tmpdir(), 'no-web-here'),
    ...env,
  };
}

/** The tmpfs of a test is full before the server starts. */
const FILL_DISK = 'head -c 1M /dev/zero > "$DATA_DIR/filler" 2>/dev/null || true';

/**
 * Runs the server to its exit. With `mount`, DATA_DIR is first a tmpfs mounted with these options in a mount
 * namespace of the child's own (nothing changes for the rest of the machine), and `prepare` runs in it.
 */
function runToExit(env: Record<string, string>, mount?: string, prepare = 'true'): Promise<Run> {
  const script = `set -e; mount -t tmpfs -o "$1" tmpfs "$DATA_DIR"; ${prepare}; shift; exec "$@"`;
  const [command, args] = mount
    ? ['unshare', ['-Urm', 'sh', '-c', script, 'sh', mount, process.execPath, ...MAIN]]
    : [process.execPath, MAIN];
  return collect(spawnServer(env, command, args));
}

function spawnServer(env: Record<string, string>, command = process.execPath, args = MAIN) {
  return spawn(command, args, {
    cwd: ROOT,
    env: environment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: SPAWN_TIMEOUT_MS,
  });
}

function collect(child: ChildProcessByStdio<null, Readable, Readable>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function expectOneLineFailure(run: Run, cause: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.split('\n').filter((line) => line !== '');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(cause);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

let held: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (held ? held.close(resolve) : resolve(undefined)));
  held = undefined;
});

/** A loopback port that is taken while the test runs (or, once closed, free: no server listens there). */
async function holdPort(): Promise<number> {
  held = createServer();
  await new Promise<void>((resolve) => held!.listen(0, '127.0.0.1', resolve));
  return (held.address() as { port: number }).port;
}

describe('start-up in bad surroundings: exit 1 with one line', { timeout: 90_000 }, () => {
  it.each([
    ['an empty', '', /secrets\.key is not a key \(it is empty/],
    ['a short', 'ab'.repeat(16), /secrets\.key is not a key \(it holds 32 characters/],
  ])('refuses %s DATA_DIR/secrets.key', async (_name, content, cause) => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'secrets.key'), content);
    expectOneLineFailure(await runToExit({ DATA_DIR: dir }), cause);
  });

  it('refuses an ADMIN_PASSWORD on the common-password list before touching anything', async () => {
    const dir = await dataDir();
    const run = await runToExit({ DATA_DIR: dir, ADMIN_PASSWORD: 'password1' });
    expectOneLineFailure(run, /^ADMIN_PASSWORD: .*common/i);
  });

  it('refuses a DATA_DIR that is a file, after warning that HOST=0.0.0.0 without SMTP keeps mail local', async () => {
    const file = path.join(await dataDir(), 'plain-file');
    await writeFile(file, 'not a directory');
    // It stops before listening, so no test ever opens a port beyond loopback.
    const run = await runToExit({ DATA_DIR: file, HOST: '0.0.0.0' });
    expectOneLineFailure(run, /^DATA_DIR .*plain-file is not a directory/);
    const warnings = run.stdout.split('\n').filter((line) => line.includes('"level":40'));
    expect(warnings.join('\n')).toMatch(
      /HOST=0\.0\.0\.0 opens the server beyond this machine but SMTP_URL is not set/,
    );
  });

  it('refuses a DATA_DIR it cannot write (a read-only file system)', async () => {
    const run = await runToExit({ DATA_DIR: await dataDir() }, 'ro');
    expectOneLineFailure(run, /^DATA_DIR .* is not writable \(EROFS/);
  });

  it('stops on a full disk', async () => {
    const run = await runToExit({ DATA_DIR: await dataDir() }, 'size=4k', FILL_DISK);
    expectOneLineFailure(run, /^Disk full: no space left to write .* in DATA_DIR /);
  });

  it('stops when the database is unreachable, without showing its password', async () => {
    const port = await holdPort();
    await new Promise((resolve) => held!.close(resolve));
    held = undefined;
    const url = `postgres://app:hunter2-secret@127.0.0.1:${port}/hivqe`;
    const run = await runToExit({ DATA_DIR: await dataDir(), DATABASE_URL: url });
    expectOneLineFailure(
      run,
      new RegExp(`^Database unreachable at 127\\.0\\.0\\.1:${port}/hivqe \\(ECONNREFUSED\\)`),
    );
    expect(run.stderr).not.toContain('hunter2');
  });
});

describe('a start with the embedded defaults', { timeout: 90_000 }, () => {
  it('listens on loopback only, where the mailbox answers; a later start on a taken port stops with one line', async () => {
    const dir = await dataDir();
    const server = spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'info' });
    const exited = collect(server);
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
        if (stdout.includes(' is ready')) resolve();
      });
      server.once('exit', () => reject(new Error(`the server exited:\n${stdout}`)));
    });
    let port: string;
    try {
      const listening = [...stdout.matchAll(/Server listening at http:\/\/\[?([^\]\s]+?)\]?:(\d+)"/g)];
      expect(listening.length, stdout).toBeGreaterThan(0);
      for (const [, address] of listening) expect(isLoopbackAddress(address), address).toBe(true);
      port = listening[0][2];
      const mailbox = await fetch(`http://127.0.0.1:${port}/dev/mailbox`);
      expect(mailbox.status).toBe(200);
      expect(await mailbox.text()).toContain('Dev mailbox');
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    // The same data directory, now set up, so this start reaches listen() quickly.
    const taken = await holdPort();
    const run = await runToExit({ DATA_DIR: dir, PORT: String(taken), HOST: '127.0.0.1' });
    expectOneLineFailure(run, new RegExp(`^Port ${taken} is already in use on 127\\.0\\.0\\.1\\.`));
  });
});
