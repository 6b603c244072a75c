import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import type { Passwords } from '../src/modules/auth/passwords.ts';
import { Keyring } from '../src/providers/secrets/keyring.ts';
import { MemoryMailer, RELAXED_THROTTLE } from '../test/harness.ts';

/**
 * The app listening on a random loopback port, over PostgreSQL at `url` (schema `schemaName`; by default
 * DATABASE_URL) when there is one, else in-memory PGlite.
 */
export async function startBenchServer(schemaName: string, passwords: Passwords, url: string | undefined) {
  // A bench stopped half-way leaves its schema (and its users, whom registering again would not mail a code).
  if (url) await dropSchema(url, schemaName);
  // The benches seed up to 100,000 jobs in one statement, each row through the jobs table's triggers: on
  // PostgreSQL that outlasts the API's 30 s statement timeout, which the requests measured never come near.
  const database = await openDatabase(url ? { url, schemaName, statementTimeoutMs: 600_000 } : {});
  await database.migrate();
  const mailer = new MemoryMailer();
  const { app } = await buildApp({
    db: database.db,
    mailer,
    keyring: Keyring.random(),
    passwords,
    throttleRules: RELAXED_THROTTLE,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    database,
    base,
    post,
    /** Which database the numbers were measured on. */
    dbLabel: url ? 'PostgreSQL' : 'PGlite',
    /** Registers `email` and confirms it with the mailed code. */
    async registerConfirmed(email: string, password: string) {
      await post('/auth/register', { email, password });
      await post('/auth/confirm-email', {
        username: email,
        confirmation_code: mailer.lastCodeFor(email),
        password,
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function dropSchema(url: string, schemaName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists "${schemaName}" cascade`);
  } finally {
    await admin.end();
  }
}
