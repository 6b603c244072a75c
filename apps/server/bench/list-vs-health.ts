import { JOB_PATHS } from '@hivqe/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { analyzeStale } from '../src/db/statistics-keeper.ts';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { seedJobs } from '../test/job-seed.ts';
import type { LoadResult } from './load-generator.ts';
import { LoadGenerator } from './load.ts';
import { startBenchServer } from './server.ts';
import { fmt, median } from './stats.ts';

/** Issue 27's measure: a page of the job list against a bare route of the same server, in the same round. */
const SIZES = [1_000, 10_000];
const ROUNDS = 3;
const ROUND_S = 3;
const CONNECTIONS = 10;
const HEAVY_CONNECTIONS = 50;

/** `/health`'s median latency, one request at a time, beside 50 connections loading list(10), per job count. */
type BesideLoad = Map<number, number>;

/**
 * Requests/s of `GET /health`, the list's first page of 10 and of 100, taken in turn in each round (load from
 * another process); ratios per round, medians over rounds. Then `/health` one request at a time from a second
 * process, alone and while a third loads the list with 50 connections: medians over rounds of its p50 latency.
 */
async function benchOn(
  url: string | undefined,
  load: LoadGenerator,
  probe: LoadGenerator,
): Promise<BesideLoad> {
  const server = await startBenchServer(
    'bench_list_health',
    new Passwords({ memoryCost: 1024, timeCost: 1 }),
    url,
  );
  const email = 'list-health@example.com';
  const password = 'bench password 1';
  await server.registerConfirmed(email, password);
  const { access_token: token } = (await (
    await server.post('/auth/login', { username: email, password })
  ).json()) as { access_token: string };
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  const headers = { authorization: `Bearer ${token}` };
  const health = `${server.base}/health`;
  const list = (size: number) => `${server.base}${JOB_PATHS.hybridJobs}?max_results=${size}&page=1`;
  const run = (generator: LoadGenerator, target: string, connections: number): Promise<LoadResult> =>
    generator.run({ url: target, headers, connections, durationS: ROUND_S });
  const timeHealth = (): Promise<LoadResult> =>
    probe.run({ url: health, headers, connections: 1, durationS: ROUND_S, mode: 'probe' });

  console.log(
    `job list against /health (${server.dbLabel}; load from another process, ${CONNECTIONS} connections, ` +
      `medians of ${ROUNDS} rounds of ${ROUND_S} s; /health beside the load: its p50 latency one request at a time from a ` +
      `third process, alone and while ${HEAVY_CONNECTIONS} connections load list(10), medians of ${ROUNDS} rounds)`,
  );
  console.log(
    '  jobs    health req/s  list(10) req/s  ÷health  list(100) req/s  ÷health  health p50 alone → beside load',
  );
  const besideLoad: BesideLoad = new Map();
  let seeded = 0;
  for (const size of SIZES) {
    await seedJobs(server.database.db, user.id, size - seeded, ['COMPLETED', 'FAILED', 'CANCELLED']);
    seeded = size;
    await analyzeStale(server.database.db);
    const rates: { health: number[]; list10: number[]; list100: number[]; r10: number[]; r100: number[] } = {
      health: [],
      list10: [],
      list100: [],
      r10: [],
      r100: [],
    };
    const alone: number[] = [];
    const beside: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = (await run(load, health, CONNECTIONS)).requestsPerSecond;
      const ten = (await run(load, list(10), CONNECTIONS)).requestsPerSecond;
      const hundred = (await run(load, list(100), CONNECTIONS)).requestsPerSecond;
      rates.health.push(bare);
      rates.list10.push(ten);
      rates.list100.push(hundred);
      rates.r10.push(ten / bare);
      rates.r100.push(hundred / bare);
      alone.push((await timeHealth()).p50Ms);
      const [timed] = await Promise.all([timeHealth(), run(load, list(10), HEAVY_CONNECTIONS)]);
      beside.push(timed.p50Ms);
    }
    besideLoad.set(size, median(beside));
    console.log(
      `  ${String(size).padStart(6)}  ${fmt(median(rates.health), 0).padStart(12)}  ${fmt(median(rates.list10), 0).padStart(14)}` +
        `  ${fmt(median(rates.r10), 3).padStart(7)}  ${fmt(median(rates.list100), 0).padStart(15)}  ${fmt(median(rates.r100), 3).padStart(7)}` +
        `  ${fmt(median(alone), 2)} ms → ${fmt(median(beside), 2)} ms (×${fmt(median(beside) / median(alone), 1)})`,
    );
  }
  await server.close();
  return besideLoad;
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set; then the one against the other, from this run. */
export async function benchListAgainstHealth(): Promise<void> {
  const load = new LoadGenerator();
  const probe = new LoadGenerator();
  try {
    const pglite = await benchOn(undefined, load, probe);
    if (!process.env.DATABASE_URL) return;
    const postgres = await benchOn(process.env.DATABASE_URL, load, probe);
    console.log('/health p50 beside 50 connections of list load, PGlite ÷ PostgreSQL (target ≤ 2):');
    for (const size of SIZES) {
      const ratio = (pglite.get(size) ?? NaN) / (postgres.get(size) ?? NaN);
      console.log(`  ${String(size).padStart(6)} jobs  ×${fmt(ratio, 2)}`);
    }
  } finally {
    load.close();
    probe.close();
  }
}
