import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { checkDeclaredStatuses } from './declared-statuses.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import type { AuthService } from '../src/modules/auth/service.ts';
import type { Mail, Mailer } from '../src/providers/mail/mailer.ts';
import { Keyring } from '../src/providers/secrets/keyring.ts';
import { DEFAULT_AUTH_THROTTLE, type AuthThrottleRules } from '../src/modules/auth/throttle-rules.ts';
import { DEFAULT_MAIL_BUDGET, type MailBudgetRules } from '../src/modules/mail-budget/rules.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database's dump, which openTestDatabase starts from (test/pglite-template.ts); absent on PostgreSQL. */
    pgliteTemplate?: string;
  }
}

/** Keeps every mail the app sends, so tests read codes as a user reads their inbox. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  lastCodeFor(to: string): string {
    const mail = this.sent.findLast((m) => m.to === to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

/**
 * A test database: a fresh schema on PostgreSQL when DATABASE_URL is set, else in-memory PGlite, loaded from the
 * migrated template of test/pglite-template.ts when the run has one. Migrating it again finds nothing to apply,
 * and ANALYZEs. One a test of the same file closed is handed out again, emptied (`closedDatabases`).
 */
export async function openTestDatabase(): Promise<Database> {
  for (let database = closedDatabases.pop(); database; database = closedDatabases.pop()) {
    if (await emptied(database)) return reusable(database);
  }
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url
      ? { url, schemaName: `test_${randomBytes(6).toString('hex')}` }
      : { template: inject('pgliteTemplate') },
  );
  await database.migrate();
  return reusable(database);
}

/**
 * Databases the file's tests have closed, still open underneath (issue 27): opening and migrating one costs
 * about a second, most of a short API test's time, while emptying one costs a few milliseconds. A test's
 * cleanup closes its apps and runners before its database, so nothing of it writes there any more.
 */
const closedDatabases: Database[] = [];

/** Closes for good what the file's tests left for reuse (test/close-databases.ts, after the file's last test). */
export async function closeReusedDatabases(): Promise<void> {
  await Promise.all(closedDatabases.splice(0).map((database) => database.close()));
}

function reusable(database: Database): Database {
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      closedDatabases.push(database);
    },
  };
}

/**
 * Empties every table of the database's schema but the migrations' record, sequences restarted, as a new
 * database is; false (and the database really closed) if that fails, e.g. after a test broke its connection.
 */
async function emptied(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`
      DO $$
      DECLARE tables text;
      BEGIN
        SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
          FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '__drizzle_migrations';
        IF tables IS NOT NULL THEN
          EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
        END IF;
      END $$`);
    return true;
  } catch {
    await database.close().catch(() => undefined);
    return false;
  }
}

/** Cheap Argon2id parameters: the algorithm under test is the same, only slower in production. */
export const testPasswords = new Passwords({ memoryCost: 1024, timeCost: 1 });

/** Tests share one loopback address, so throttling is opened up except where a test is about it. */
export const RELAXED_THROTTLE = Object.fromEntries(
  Object.keys(DEFAULT_AUTH_THROTTLE).map((key) => [key, { limit: 1_000_000, windowMs: 60_000 }]),
) as AuthThrottleRules;

/** The mail budget opened up likewise: tests mail one address and from one account far more than people do. */
export const RELAXED_MAIL_BUDGET = Object.fromEntries(
  Object.keys(DEFAULT_MAIL_BUDGET).map((key) => [key, { limit: 1_000_000, windowMs: 60_000 }]),
) as MailBudgetRules;

let counter = 0;
/** A fresh address per call, so tests sharing a database never collide. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface TestApp {
  app: FastifyInstance;
  auth: AuthService;
  mailer: MemoryMailer;
  database: Database;
  close(): Promise<void>;
}

/** An app over `database` (shared by a test file) or over a database of its own. */
export async function createTestApp(overrides: Partial<AppDeps> = {}, shared?: Database): Promise<TestApp> {
  const database = shared ?? (await openTestDatabase());
  const mailer = new MemoryMailer();
  const { app, auth } = await buildApp({
    db: database.db,
    mailer,
    keyring: Keyring.random(),
    passwords: testPasswords,
    throttleRules: RELAXED_THROTTLE,
    mailBudget: RELAXED_MAIL_BUDGET,
    ...overrides,
  });
  checkDeclaredStatuses(app);
  await app.ready();
  return {
    app,
    auth,
    mailer,
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}
