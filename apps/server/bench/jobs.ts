import type { AddressInfo } from 'node:net';
import { JOB_PATHS, type HybridJobListResponse } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { Keyring } from '../src/providers/secrets/keyring.ts';
import { MemoryMailer, RELAXED_THROTTLE } from '../test/harness.ts';
import { seedJobs } from '../test/job-seed.ts';
import { fmt } from './stats.ts';

const JOBS = 10_000;
const PAGE_SIZE = 100;

/** One user's 10,000 jobs listed over HTTP as the jobs panel does: pages of 100, following next_token. */
export async function benchJobs(): Promise<void> {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, schemaName: 'bench_jobs' } : {},
  );
  await database.migrate();
  const mailer = new MemoryMailer();
  const { app } = await buildApp({
    db: database.db,
    mailer,
    keyring: Keyring.random(),
    passwords: new Passwords({ memoryCost: 1024, timeCost: 1 }),
    throttleRules: RELAXED_THROTTLE,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

  const email = 'jobs-bench@example.com';
  const password = 'bench password 1';
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/register', { email, password });
  await post('/auth/confirm-email', { username: email, confirmation_code: mailer.lastCodeFor(email) });
  const login = await post('/auth/login', { username: email, password });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const [user] = await database.db.select().from(users).where(eq(users.email, email));

  const seedStart = performance.now();
  await seedJobs(database.db, user.id, JOBS);
  const seedMs = performance.now() - seedStart;

  const listAll = async () => {
    const start = performance.now();
    let pages = 0;
    let jobs = 0;
    let token_: string | null = null;
    do {
      const next: string = token_ === null ? '' : `&next_token=${encodeURIComponent(token_)}`;
      const res = await fetch(`${base}${JOB_PATHS.hybridJobs}?max_results=${PAGE_SIZE}${next}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      const body = (await res.json()) as HybridJobListResponse;
      pages += 1;
      jobs += body.jobs.length;
      token_ = body.next_token;
    } while (token_ !== null);
    if (jobs !== JOBS) throw new Error(`listed ${jobs} jobs, expected ${JOBS}`);
    return { pages, ms: performance.now() - start };
  };
  const cold = await listAll();
  const warm = await listAll();

  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `jobs (${db}; ${JOBS.toLocaleString('en-US')} jobs of one user seeded in ${fmt(seedMs, 0)} ms)`,
  );
  console.log(
    `  list all, ${cold.pages} pages of ${PAGE_SIZE} via next_token   first ${fmt(cold.ms, 0)} ms, ` +
      `again ${fmt(warm.ms, 0)} ms (${fmt(warm.ms / warm.pages)} ms per page)`,
  );
  await app.close();
  await database.close();
}
