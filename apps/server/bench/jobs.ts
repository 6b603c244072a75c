import { JOB_PATHS, type HybridJobListResponse } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { seedJobs } from '../test/job-seed.ts';
import { startBenchServer } from './server.ts';
import { fmt } from './stats.ts';

const JOBS = 10_000;
const PAGE_SIZE = 100;

/** One user's 10,000 jobs listed over HTTP as the jobs panel does: pages of 100, following next_token. */
export async function benchJobs(): Promise<void> {
  const { database, base, post, dbLabel, registerConfirmed, close } = await startBenchServer(
    'bench_jobs',
    new Passwords({ memoryCost: 1024, timeCost: 1 }),
    process.env.DATABASE_URL,
  );

  const email = 'jobs-bench@example.com';
  const password = 'bench password 1';
  await registerConfirmed(email, password);
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

  console.log(
    `jobs (${dbLabel}; ${JOBS.toLocaleString('en-US')} jobs of one user seeded in ${fmt(seedMs, 0)} ms)`,
  );
  console.log(
    `  list all, ${cold.pages} pages of ${PAGE_SIZE} via next_token   first ${fmt(cold.ms, 0)} ms, ` +
      `again ${fmt(warm.ms, 0)} ms (${fmt(warm.ms / warm.pages)} ms per page)`,
  );
  await close();
}
