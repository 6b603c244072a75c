import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'admin@e2e.example.com';
export const ADMIN_PASSWORD = 'first-admin-pass';
/** Accounts in this domain are the operating company's own (direct execution). */
export const INTERNAL_DOMAIN = 'internal.e2e.example.com';

export interface Console {
  baseUrl: string;
  /** Everything the server wrote to stdout and stderr so far: its log. */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `/health`'s answer: whether it was a success, or null when nothing answers at `url`. */
const healthAnswer = (url: string): Promise<boolean | null> =>
  fetch(`${url}/api/v1/health`).then(
    (response) => response.ok,
    () => null,
  );

async function waitForHealth(
  url: string,
  server: ChildProcess,
  output: () => string,
  ceilingMs: number,
): Promise<void> {
  const deadline = Date.now() + ceilingMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if ((await healthAnswer(url)) === true) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

async function waitUntilGone(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await healthAnswer(url)) !== null) {
    if (Date.now() > deadline) throw new Error(`the server at ${url} still answers after SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the console as `npm start` does (embedded defaults) on a fresh data directory, one per test file,
 * so each file begins from an empty database with a bootstrap administrator that has not signed in yet.
 * With `shellLine`, that line is run from the repository root instead (the README's commands as written), in a
 * process group of its own that `stop` ends whole.
 */
export async function startConsole(env: Record<string, string> = {}, shellLine?: string): Promise<Console> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hivqe-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '../..');
  let log = '';
  const [command, args] = shellLine
    ? ['sh', ['-c', shellLine]]
    : [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']];
  const server = spawn(command, args, {
    cwd: root,
    detached: shellLine !== undefined,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      INTERNAL_EMAIL_DOMAIN: INTERNAL_DOMAIN,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  // A shell line may install and build first: a generous ceiling, the wait itself ends at the first answer.
  await waitForHealth(baseUrl, server, () => log, shellLine ? 900_000 : 60_000);
  return {
    baseUrl,
    log: () => log,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      if (shellLine && server.pid) process.kill(-server.pid, 'SIGTERM');
      else server.kill('SIGTERM');
      await exited;
      // The shell has gone; the server it started finishes its own shutdown.
      if (shellLine) await waitUntilGone(baseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
