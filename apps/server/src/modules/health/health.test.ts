import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, DISK_FULL_MESSAGE } from '../../lib/service-faults.ts';
import { post } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { NOT_READY_MESSAGE, Readiness } from './readiness.ts';

/** The errors node-postgres and PostgreSQL give a query when the database goes away or its disk fills up. */
const pgError = (message: string, code?: string) =>
  Object.assign(new Error(message), code ? { code, severity: 'FATAL' } : {});
/** Drizzle wraps the driver's error, as every failed query does. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

const UNAVAILABLE = [
  [
    'a terminated backend (57P01)',
    failedQuery(pgError('terminating connection due to administrator command', '57P01')),
  ],
  ['a database starting up (57P03)', failedQuery(pgError('the database system is starting up', '57P03'))],
  ['a connection failure (08006)', failedQuery(pgError('connection failure', '08006'))],
  [
    'a refused connection',
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  ],
  ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['a connection that died', failedQuery(new Error('Connection terminated unexpectedly'))],
  ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
] as const;

const DISK_FULL = [
  [
    'PostgreSQL disk_full (53100)',
    failedQuery(pgError('could not extend file: No space left on device', '53100')),
  ],
  ["PGlite's file system (ErrnoError 51)", failedQuery({ name: 'ErrnoError', errno: 51 })],
  ['Node (ENOSPC)', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
] as const;

/**
 * The test database behind a switch: once `fail` is set, every query the app makes throws it, as the driver
 * does when the database is gone. What is not a query (the session listener's own client) is left alone.
 */
function breakable(db: Db): { db: Db; fail(error: unknown): void } {
  let failure: unknown;
  const queries = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (failure !== undefined && typeof key === 'string' && queries.has(key)) {
        return () => {
          throw failure;
        };
      }
      return value.bind(target);
    },
  });
  return { db: proxy, fail: (error) => (failure = error) };
}

let database: Database;
let t: TestApp;
/** Makes every query of `t` throw `error` from now to the end of the test. */
let fail: (error: unknown) => void;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  const broken = breakable(database.db);
  fail = broken.fail;
  t = await createTestApp({ db: broken.db }, database);
});
afterEach(() => t.close());

const login = () => post(t.app, '/auth/login', { username: uniqueEmail(), password: 'whatever 42' });

describe('health', () => {
  it('answers liveness without the database and readiness with it', async () => {
    for (const url of ['/api/v1/health', '/api/v1/health/live']) {
      expect((await t.app.inject({ url })).json()).toEqual({ status: 'ok', timestamp: expect.any(String) });
    }
    const ready = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', timestamp: expect.any(String) });

    fail(UNAVAILABLE[3][1]);
    for (const url of ['/api/v1/health', '/api/v1/health/live']) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
    const notReady = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toBe('5');
    // Says what, never the address, code or stack of what failed.
    expect(notReady.json()).toEqual({ message: NOT_READY_MESSAGE, code: 'database_unavailable' });
  });

  it('is not ready when the database does not answer in time', async () => {
    const never = { ping: () => new Promise<void>(() => {}) };
    await expect(new Readiness(never, 20).check()).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 5,
      message: NOT_READY_MESSAGE,
    });
  });
});

describe('a request whose database is gone or whose disk is full', () => {
  it.each(UNAVAILABLE)('answers 503 with Retry-After after %s', async (_name, error) => {
    fail(error);
    const answer = await login();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'database_unavailable' });
  });

  it.each(DISK_FULL)('answers 507 naming the full disk after %s', async (_name, error) => {
    fail(error);
    const answer = await login();
    expect(answer.statusCode).toBe(507);
    expect(answer.json()).toEqual({ message: DISK_FULL_MESSAGE, code: 'disk_full' });
  });

  it('answers 507 on sign-up when the outbox cannot write the mail, keeping no account without its code', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' });
    const outbox = {
      diskFull: true,
      send: () => (outbox.diskFull ? Promise.reject(full) : Promise.resolve()),
    };
    const outboxApp = await createTestApp({ mailer: outbox }, database);
    try {
      const email = uniqueEmail();
      const signUp = () =>
        post(outboxApp.app, '/auth/register', { username: email, email, password: 'correct horse 42' });
      const refused = await signUp();
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ message: DISK_FULL_MESSAGE, code: 'disk_full' });

      const [kept] = await database.db.select().from(users).where(eq(users.email, email));
      expect(kept).toBeUndefined();

      outbox.diskFull = false;
      expect((await signUp()).statusCode).toBe(201);
    } finally {
      await outboxApp.close();
    }
  });

  it('still answers 500 without detail for a bug', async () => {
    fail(new TypeError('x is not a function'));
    const answer = await login();
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ message: 'Internal server error', code: 'internal_error' });
  });
});
