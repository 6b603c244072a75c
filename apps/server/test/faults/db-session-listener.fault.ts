import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema/index.ts';
import { listenForChanges } from '../../src/db/change-events.ts';
import type { LiveSession } from '../../src/modules/auth/repo.ts';
import { SessionCache } from '../../src/modules/auth/session-cache.ts';
import { Keyring } from '../../src/providers/secrets/keyring.ts';
import { createTestApp, openTestDatabase } from '../harness.ts';
import { call, makeUser } from '../org-flows.ts';
import { adminQuery, postgresUrl, timeUntil } from './processes.ts';

/**
 * The session-change listener of an API process on PostgreSQL losing its connection (pg_terminate_backend): it
 * reconnects by itself, distrusts its cache while down, and clears it on reconnecting, since notifications sent
 * while it was down never reached it.
 */
postgresUrl();

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A pool of its own over the test schema whose connections (the listener's too) carry `name`, to end only them. */
function namedPool(name: string): { db: Db; end(): Promise<void> } {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const pool = new pg.Pool({ ...client.options, application_name: name });
  pool.on('error', () => {});
  return { db: drizzle(pool, { schema }) as unknown as Db, end: () => pool.end() };
}

async function terminate(name: string): Promise<number> {
  const rows = await adminQuery(
    postgresUrl(),
    'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
    [name],
  );
  return rows.length;
}

const isDown = (events: { settled(): Promise<void> }) =>
  events.settled().then(
    () => false,
    () => true,
  );

const session = (userId: string) => ({ user: { id: userId } }) as LiveSession;

describe('the session change listener on PostgreSQL', () => {
  it('reconnects after its backend is terminated and clears what it cached while it could not hear', async () => {
    const name = `listener-${randomBytes(4).toString('hex')}`;
    const own = namedPool(name);
    const cache = new SessionCache(600_000);
    // A gap of 1 s at least (timers never fire early), so the test acts inside it on a loaded machine too.
    const events = await listenForChanges(own.db, [cache.listener()], undefined, {
      freeFailures: 0,
      firstDelayMs: 1_000,
      maxDelayMs: 1_000,
      forgetAfterMs: 60_000,
    });
    try {
      await events.settled();
      expect(await terminate(name)).toBeGreaterThan(0);
      const lostMs = await timeUntil('the listener notices its loss', () => isDown(events));

      // While down: a session read from the database is cached, then revoked unheard.
      cache.put('read-in-the-gap', session('u1'), cache.mark());
      expect(await isDown(events)).toBe(true);

      const backMs = await timeUntil('the listener listens again', async () => !(await isDown(events)));
      expect(cache.get('read-in-the-gap')).toBeUndefined();

      // And hears again.
      cache.put('heard', session('u2'), cache.mark());
      await database.db.execute(sql`select pg_notify('session_change', 's:heard')`);
      await events.settled();
      expect(cache.get('heard')).toBeUndefined();
      console.log(`| session listener terminated | noticed_ms=${lostMs} | listening_again_ms=${backMs} |`);
    } finally {
      await events.close();
      await own.end();
    }
  });

  it('keeps revocation correct across the gap in an API process', async () => {
    const name = `api-${randomBytes(4).toString('hex')}`;
    const own = namedPool(name);
    const keyring = Keyring.random();
    const one = await createTestApp({ keyring }, database);
    const other = await createTestApp({ keyring }, { ...database, db: own.db });
    try {
      const [revoked, kept] = [await makeUser(one), await makeUser(one)];
      for (const user of [revoked, kept, revoked, kept]) {
        expect((await call(other.app, 'GET', '/auth/me', user)).statusCode).toBe(200);
      }
      await terminate(name);
      expect((await call(one.app, 'POST', '/auth/logout', revoked)).statusCode).toBe(200);

      await timeUntil('the other process serves again', async () => {
        return (await call(other.app, 'GET', '/auth/me', kept)).statusCode === 200;
      });
      expect((await call(other.app, 'GET', '/auth/me', revoked)).statusCode).toBe(401);
    } finally {
      await one.close();
      await other.close();
      await own.end();
    }
  });
});
