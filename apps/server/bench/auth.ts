import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Passwords } from '../src/modules/auth/passwords.ts';
import { startBenchServer } from './server.ts';
import { fmt, percentile } from './stats.ts';

const DURATION_S = 5;
const CONNECTIONS = 10;

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Authenticated GET /auth/me against a bare Fastify route, and login latency with production Argon2id. */
export async function benchAuth(): Promise<void> {
  const { base, post, dbLabel, registerConfirmed, close } = await startBenchServer(
    'bench_auth',
    new Passwords(),
  );

  const bare = Fastify();
  bare.get('/bare', async () => ({ is_authenticated: true, username: 'u', email: 'e@example.com' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;

  const email = 'bench@example.com';
  const password = 'bench password 1';
  await registerConfirmed(email, password);

  const latencies: number[] = [];
  let token = '';
  for (let i = 0; i < 60; i++) {
    const start = performance.now();
    const res = await post('/auth/login', { username: email, password });
    latencies.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    token = ((await res.json()) as { access_token: string }).access_token;
  }

  const bareRps = await requestsPerSecond(bareUrl);
  const meRps = await requestsPerSecond(`${base}/auth/me`, { authorization: `Bearer ${token}` });
  console.log(`auth (${dbLabel}, ${CONNECTIONS} connections, ${DURATION_S} s each)`);
  console.log(`  bare Fastify route          ${fmt(bareRps, 0)} req/s`);
  console.log(`  GET /api/v1/auth/me (auth)  ${fmt(meRps, 0)} req/s  (ratio ${fmt(meRps / bareRps, 3)})`);
  console.log(
    `  login latency (Argon2id m=19 MiB t=2, n=${latencies.length})  p50 ${fmt(percentile(latencies, 50))} ms  p99 ${fmt(percentile(latencies, 99))} ms`,
  );
  await bare.close();
  await close();
}
