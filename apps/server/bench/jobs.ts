import { JOB_PATHS, type HybridJobListResponse } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { analyzeStale } from '../src/db/statistics-keeper.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { seedJobs } from '../test/job-seed.ts';
import { LoadGenerator } from './load.ts';
import { startBenchServer } from './server.ts';
import { fmt, median } from './stats.ts';

/** One user's jobs in the two sizes compared: a page should cost the same at both (issue 12, section 1). */
const SMALL = 100;
const LARGE = 100_000;
const STATUSES = ['COMPLETED', 'FAILED', 'CANCELLED'] as const;
const ROUNDS = 3;
const ROUND_S = 3;
const CONNECTIONS = 4;

/** The pages the jobs panel asks for: its first view, a filtered one sorted by a header, and searches. */
const PAGES = [
  { name: 'first page, newest first', query: 'max_results=10&page=1' },
  {
    name: 'status filter, sorted by name',
    query: 'max_results=10&page=1&status_filter=FAILED&sort=job_name',
  },
  { name: 'page 50 of the same', query: 'max_results=10&page=50&status_filter=FAILED&sort=job_name' },
  { name: 'search q=h2 (scans the rows)', query: 'max_results=10&page=1&q=h2' },
  // Seeded names end in '-' and their number: one job of the 100,000 matches, none of the 100.
  { name: 'search matching one job at most', query: 'max_results=10&page=1&q=-77777' },
];

async function registerWithJobs(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  email: string,
  count: number,
) {
  const password = 'bench password 1';
  await server.registerConfirmed(email, password);
  const login = await server.post('/auth/login', { username: email, password });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  const start = performance.now();
  await seedJobs(server.database.db, user.id, count, STATUSES);
  return { token, count, seedMs: performance.now() - start };
}

/**
 * The server's CPU for one page of the job list, for a user with 100 jobs and one with 100,000 (both in one
 * database), on `url`'s PostgreSQL or PGlite. The load comes from its own process, so the CPU this process
 * spends (the app, and PGlite when it is the database) is the server's: CPU time over pages answered, the
 * median of rounds alternating the two users.
 */
async function benchJobsOn(url: string | undefined, load: LoadGenerator): Promise<void> {
  const server = await startBenchServer('bench_jobs', new Passwords({ memoryCost: 1024, timeCost: 1 }), url);
  const small = await registerWithJobs(server, 'jobs-small@example.com', SMALL);
  const large = await registerWithJobs(server, 'jobs-large@example.com', LARGE);
  // What PGlite's statistics keeper (or PostgreSQL's autovacuum) does within a minute of the seeding.
  await analyzeStale(server.database.db);

  const cpuPerPage = async (owner: typeof small, query: string) => {
    const target = `${server.base}${JOB_PATHS.hybridJobs}?${query}`;
    // Seeding takes minutes: the connection kept alive since sign-up may have been closed by the server.
    const get = () => fetch(target, { headers: { authorization: `Bearer ${owner.token}` } });
    const check = await get().catch(get);
    const body = (await check.json()) as HybridJobListResponse;
    if (check.status !== 200 || body.total_count === undefined) throw new Error(`${query}: ${check.status}`);
    const before = process.cpuUsage();
    const { requests } = await load.run({
      url: target,
      headers: { authorization: `Bearer ${owner.token}` },
      connections: CONNECTIONS,
      durationS: ROUND_S,
    });
    const { user, system } = process.cpuUsage(before);
    return (user + system) / 1000 / requests;
  };

  console.log(
    `job list page, server CPU (${server.dbLabel}; one user with ${SMALL} jobs and one with ` +
      `${LARGE.toLocaleString('en-US')}, seeded in ${fmt(small.seedMs, 0)} and ${fmt(large.seedMs, 0)} ms; ` +
      `load generator in its own process, ${CONNECTIONS} connections; medians of ${ROUNDS} alternated ` +
      `rounds of ${ROUND_S} s; CPU ms per page)`,
  );
  const width = Math.max(...PAGES.map((page) => page.name.length));
  console.log(
    `  ${''.padEnd(width)}  ${`${SMALL} jobs`.padStart(10)}  ${`${LARGE.toLocaleString('en-US')} jobs`.padStart(13)}  ratio`,
  );
  for (const page of PAGES) {
    const times: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      times[0].push(await cpuPerPage(small, page.query));
      times[1].push(await cpuPerPage(large, page.query));
    }
    const [few, many] = times.map(median);
    console.log(
      `  ${page.name.padEnd(width)}  ${fmt(few, 2).padStart(10)}  ${fmt(many, 2).padStart(13)}  ${fmt(many / few, 2)}`,
    );
  }
  await server.close();
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export async function benchJobs(): Promise<void> {
  const load = new LoadGenerator();
  try {
    await benchJobsOn(undefined, load);
    if (process.env.DATABASE_URL) await benchJobsOn(process.env.DATABASE_URL, load);
  } finally {
    load.close();
  }
}
