import { REAUTH_HEADER } from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { Keyring } from '../../providers/secrets/keyring.ts';
import { PASSWORD, bearer, post } from '../../../test/auth-flows.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/harness.ts';
import { call, makeUser, type TestUser } from '../../../test/org-flows.ts';

/**
 * What a second API process has of the first one's database: on PostgreSQL a pool of its own (so a listener
 * connection of its own), on PGlite, which one process holds, the same database.
 */
function sameDatabaseElsewhere(database: Database): Database {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return database;
  const pool = new pg.Pool(client.options);
  return { db: drizzle(pool, { schema }) as unknown as Db, migrate: async () => {}, close: () => pool.end() };
}

let database: Database;
let elsewhere: Database;
/** Two API processes over one database, trusting the same signing key as a deployment's processes do. */
let one: TestApp;
let other: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  elsewhere = sameDatabaseElsewhere(database);
});
afterAll(async () => {
  if (elsewhere !== database) await elsewhere.close();
  await database.close();
});
beforeEach(async () => {
  const keyring = Keyring.random();
  one = await createTestApp({ keyring }, database);
  other = await createTestApp({ keyring }, elsewhere);
});
afterEach(async () => {
  await one.close();
  await other.close();
});

const me = (t: TestApp, user: TestUser) => call(t.app, 'GET', '/auth/me', user);

/** The other process has served `user` (so holds the session in its cache) and serves them again. */
async function servedByOther(user: TestUser) {
  expect((await me(other, user)).statusCode).toBe(200);
  expect((await me(other, user)).statusCode).toBe(200);
}

describe('a session ended in one API process', () => {
  it('is refused by the other on its next request after a logout', async () => {
    const user = await makeUser(one);
    await servedByOther(user);

    expect((await call(one.app, 'POST', '/auth/logout', user)).statusCode).toBe(200);

    expect((await me(other, user)).statusCode).toBe(401);
    expect((await me(one, user)).statusCode).toBe(401);
  });

  it('is refused by the other on its next request after the account is deleted', async () => {
    const user = await makeUser(one);
    await servedByOther(user);
    const reauth = await post(
      one.app,
      '/auth/re-authenticate',
      { email: user.email, password: PASSWORD },
      bearer(user.token),
    );
    const deleted = await one.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: { ...bearer(user.token), [REAUTH_HEADER]: reauth.json().reauth_token },
    });
    expect(deleted.statusCode).toBe(200);

    expect((await me(other, user)).statusCode).toBe(401);
  });

  it('loses admin routes in the other on its next request when its system-admin role is removed', async () => {
    const [boss, demoted] = [await makeUser(one, { admin: true }), await makeUser(one, { admin: true })];
    expect((await call(other.app, 'GET', '/auth/admin/all-users', demoted)).statusCode).toBe(200);

    const removed = await call(one.app, 'PUT', `/auth/admin/users/${demoted.username}/system-admin`, boss, {
      is_system_admin: false,
    });
    expect(removed.statusCode).toBe(200);

    expect((await call(other.app, 'GET', '/auth/admin/all-users', demoted)).statusCode).toBe(403);
  });

  it('is refused by the other on the request right after any connection commits its revocation', async () => {
    const user = await makeUser(one);
    await servedByOther(user);

    await database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.id}`);

    expect((await me(other, user)).statusCode).toBe(401);
  });

  it('is still served from the cache when revoked behind the triggers: their notification is what reaches the other', async () => {
    const user = await makeUser(one);
    await servedByOther(user);

    await database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_notify_change`);
    await database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.id}`);
    await database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_notify_change`);

    expect((await me(other, user)).statusCode).toBe(200);
  });
});
