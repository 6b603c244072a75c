import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { LoadGenerator } from './load.ts';
import { startBenchServer } from './server.ts';
import { fmt, median, percentile } from './stats.ts';

const ROUNDS = 5;
const ROUND_S = 3;
const CONNECTIONS = 10;
const P99_CONNECTIONS = 50;
const P99_S = 5;

/** A route that does what the framework does for any JSON answer and nothing else: the ceiling for /auth/me. */
async function startBareServer() {
  const bare = Fastify();
  bare.get('/bare', async () => ({ is_authenticated: true, username: 'u', email: 'e@example.com' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`,
    close: () => bare.close(),
  };
}

/**
 * Authenticated GET /auth/me against a bare Fastify route, alternated over several rounds (the machine's load
 * drifts), on `url`'s PostgreSQL or PGlite; the p99 latency of /auth/me at 50 connections; login latency with
 * production Argon2id.
 */
async function benchAuthOn(url: string | undefined, load: LoadGenerator): Promise<void> {
  const server = await startBenchServer('bench_auth', new Passwords(), url);
  const bare = await startBareServer();
  const email = 'bench@example.com';
  const password = 'bench password 1';
  await server.registerConfirmed(email, password);

  const logins: number[] = [];
  let token = '';
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    const res = await server.post('/auth/login', { username: email, password });
    logins.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    token = ((await res.json()) as { access_token: string }).access_token;
  }

  const me = { url: `${server.base}/auth/me`, headers: { authorization: `Bearer ${token}` } };
  const routes = [
    { name: 'bare Fastify route         ', url: bare.url, headers: {} },
    { name: 'GET /api/v1/health (public)', url: `${server.base}/health`, headers: {} },
    { name: 'GET /api/v1/auth/me (auth) ', ...me },
  ];
  const rates: number[][] = routes.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, route] of routes.entries()) {
      const result = await load.run({ ...route, connections: CONNECTIONS, durationS: ROUND_S });
      rates[i].push(result.requestsPerSecond);
    }
  }
  const busy = await load.run({ ...me, connections: P99_CONNECTIONS, durationS: P99_S });

  const [bareRps, healthRps, meRps] = rates.map(median);
  console.log(
    `auth (${server.dbLabel}; load generator in its own process; medians of ${ROUNDS} alternated rounds, ` +
      `${CONNECTIONS} connections, ${ROUND_S} s each)`,
  );
  for (const [i, route] of routes.entries()) {
    const perRound = rates[i].map((rate) => fmt(rate, 0)).join(', ');
    console.log(`  ${route.name} ${fmt(median(rates[i]), 0)} req/s  (rounds ${perRound})`);
  }
  // Each round's routes run within seconds of each other: the median of the rounds' own ratios is what a load
  // that drifts between rounds (a shared machine) disturbs least.
  const roundRatio = (of: number, to: number) =>
    fmt(median(rates[of].map((rate, round) => rate / rates[to][round])), 3);
  console.log(
    `  ratio /auth/me ÷ bare route  ${fmt(meRps / bareRps, 3)}  (median of per-round ratios ${roundRatio(2, 0)})`,
  );
  // What authentication itself costs, apart from the stack every route of the app pays (hooks, headers, serializer).
  console.log(
    `  ratio /auth/me ÷ /health     ${fmt(meRps / healthRps, 3)}  (median of per-round ratios ${roundRatio(2, 1)})`,
  );
  console.log(
    `  ratio /health ÷ bare route   ${fmt(healthRps / bareRps, 3)}  (median of per-round ratios ${roundRatio(1, 0)})`,
  );
  console.log(
    `  /auth/me at ${P99_CONNECTIONS} connections (${P99_S} s)  ${fmt(busy.requestsPerSecond, 0)} req/s, p99 ${fmt(busy.p99Ms)} ms`,
  );
  console.log(
    `  login latency (Argon2id m=19 MiB t=2, n=${logins.length})  p50 ${fmt(percentile(logins, 50))} ms  p99 ${fmt(percentile(logins, 99))} ms`,
  );
  await bare.close();
  await server.close();
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export async function benchAuth(): Promise<void> {
  const load = new LoadGenerator();
  try {
    await benchAuthOn(undefined, load);
    if (process.env.DATABASE_URL) await benchAuthOn(process.env.DATABASE_URL, load);
  } finally {
    load.close();
  }
}
