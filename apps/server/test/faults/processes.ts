import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_PATHS } from '@hivqe/contract';
import pg from 'pg';
import { hybridPayload } from '../job-flows.ts';

/**
 * Real processes of the service on a PostgreSQL database of their own, for the fault suite: the API
 * (`tsx apps/server/src/main.ts`) and `npm run worker` processes, as an operator starts them, plus the means to
 * abuse their database (terminated backends, a cuttable network path).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'correct horse 42';
/** One key for every process of a test, as a deployment's processes share theirs. */
const SECRETS_KEY = randomBytes(32).toString('hex');

/** The suite needs PostgreSQL and says so rather than pass without it. */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'The fault suite runs real processes on PostgreSQL: ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:faults',
    );
  }
  return url;
}

export async function adminQuery<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An empty database of the test's own: `npm run worker` takes only DATABASE_URL, so processes under test share a
 * whole database rather than a schema, and their connections are told apart by its name. Left unmigrated, as
 * processes started together on it must find it; a test that needs the tables opens and migrates it itself.
 */
export async function freshDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const base = postgresUrl();
  const name = `fault_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => void (await adminQuery(base, `drop database if exists "${name}" with (force)`)),
  };
}

/** Ends every connection the service holds to `database` (not this test's), as a restart or failover does. */
export async function terminateBackends(database: string): Promise<number> {
  const rows = await adminQuery<{ pid: number }>(
    postgresUrl(),
    `select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  return rows.length;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One line of a process's pino log. */
export interface LogLine {
  msg: string;
  [field: string]: unknown;
}

/** Accepts the log lines whose message matches `pattern`. */
export const says = (pattern: RegExp) => (line: LogLine) => pattern.test(line.msg);
/** The API's line once it listens (`<url> is ready`, with a note on mail when there is no SMTP). */
export const API_READY = says(/ is ready(;|$)/);
export const WORKER_READY = says(/^worker is running jobs$/);

export interface ServiceProcess {
  readonly name: string;
  /** Its own DATA_DIR, removed once it has ended. */
  readonly dataDir: string;
  /** All it printed (stdout and stderr), for failure messages. */
  output(): string;
  alive(): boolean;
  /** The first log line `matches` accepts; rejects if the process ends first or after `timeoutMs`. */
  logLine(matches: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  signal(signal: NodeJS.Signals): void;
  /** Its exit code (null when a signal killed it) once its output is read to the end. */
  readonly exited: Promise<number | null>;
  /** SIGKILL, then waits for it to end. */
  stop(): Promise<void>;
}

function startProcess(name: string, script: string, env: Record<string, string>): ServiceProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hivqe-fault-'));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      ...process.env,
      SMTP_URL: '',
      HOST: '',
      PORT: '',
      TRUST_PROXY: '',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SECRETS_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  const lines: LogLine[] = [];
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) {
      // A line that is not pino's (a crash printed to stdout) is kept as its text rather than crash the test.
      if (text.trim() !== '') lines.push(parseLine(text));
    }
    tell();
  });
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  let ended = false;
  // 'close' comes once the output is read to its end, so no line is missed.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      ended = true;
      rmSync(dataDir, { recursive: true, force: true });
      tell();
      resolve(code);
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    dataDir,
    output: () => output,
    alive,
    exited,
    signal: (signal) => child.kill(signal),
    logLine: (matches, timeoutMs = 90_000) =>
      new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(
          () => done(new Error(`${name}: no such log line in ${timeoutMs} ms:\n${output}`)),
          timeoutMs,
        );
        const done = (error?: Error, line?: LogLine) => {
          clearTimeout(timer);
          listeners.delete(look);
          if (line) resolve(line);
          else reject(error);
        };
        const look = () => {
          const line = lines.find(matches);
          if (line) done(undefined, line);
          else if (ended) done(new Error(`${name} exited before the log line awaited:\n${output}`));
        };
        listeners.add(look);
        look();
      }),
    stop: async () => {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
  };
}

function parseLine(text: string): LogLine {
  try {
    return JSON.parse(text) as LogLine;
  } catch {
    return { msg: text };
  }
}

export interface Api extends ServiceProcess {
  readonly base: string;
}

/** The API on a port of its own; by default without local runners (`npm run worker` processes run the jobs). */
export async function startApi(
  databaseUrl: string,
  { workers = 0, env = {} }: { workers?: number; env?: Record<string, string> } = {},
): Promise<Api> {
  const port = await freePort();
  const service = startProcess('api', 'apps/server/src/main.ts', {
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: String(workers),
    // No console to serve: the suite needs no build of the web app.
    WEB_DIST: path.join(tmpdir(), 'hivqe-fault-no-web'),
  });
  return { ...service, base: `http://127.0.0.1:${port}/api/v1` };
}

/** `npm run worker` with one runner. */
export function startWorker(databaseUrl: string, name = 'worker'): ServiceProcess {
  return startProcess(name, 'apps/server/src/worker/main.ts', { DATABASE_URL: databaseUrl, WORKERS: '1' });
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

export async function request(
  api: Api,
  method: string,
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${api.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: response.headers.get('retry-after'),
  };
}

/** Signs up through the API (the code read from the outbox), subscribes in the database; returns the token. */
export async function jobUser(api: Api, databaseUrl: string): Promise<string> {
  const email = `fault-${randomBytes(4).toString('hex')}@example.com`;
  expect200s(
    await request(api, 'POST', '/auth/register', { body: { username: email, email, password: PASSWORD } }),
  );
  const code = await mailedCode(api.dataDir, email);
  expect200s(
    await request(api, 'POST', '/auth/confirm-email', {
      body: { username: email, confirmation_code: code, password: PASSWORD },
    }),
  );
  const login = await request(api, 'POST', '/auth/login', { body: { username: email, password: PASSWORD } });
  expect200s(login);
  await adminQuery(
    databaseUrl,
    `insert into marketplace_subscriptions (user_id, status, verified_at)
     select id, 'active', now() from users where email = $1`,
    [email],
  );
  return login.body.access_token as string;
}

function expect200s(answer: Answer): void {
  if (answer.status >= 300)
    throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
}

async function mailedCode(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (const file of await readdir(dir)) {
    if (!file.endsWith(`${email}.eml`)) continue;
    const code = /code is (\d{6})/.exec(await readFile(path.join(dir, file), 'utf8'))?.[1];
    if (code) return code;
  }
  throw new Error(`no confirmation code mailed to ${email}`);
}

export async function createJob(api: Api, token: string): Promise<Answer> {
  return request(api, 'POST', JOB_PATHS.hybridJobs, { token, body: hybridPayload() });
}

/** The jobs in the database, by ARN: status and how many times a runner took them. */
export async function jobsIn(databaseUrl: string) {
  return adminQuery<{ job_arn: string; status: string; attempts: number; lost_runs: number }>(
    databaseUrl,
    'select job_arn, status, attempts, lost_runs from jobs',
  );
}

/**
 * A TCP proxy on loopback in front of PostgreSQL, which the test cuts (every connection dropped, new ones
 * refused) and restores, as a network partition or a database restart looks from the service.
 */
export class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((socket) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const end of [socket, upstream]) {
        this.sockets.add(end);
        end.on('close', () => this.sockets.delete(end));
        end.on('error', () => {
          socket.destroy();
          upstream.destroy();
        });
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }
}

export function postgresTarget(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

/**
 * Polls `attempt` until it returns true, counting a throw as false (the database may be away); the time it took,
 * or an error after `timeoutMs`.
 */
export async function timeUntil(
  what: string,
  attempt: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await attempt().catch(() => false)) return Math.round(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
