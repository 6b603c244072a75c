import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { JOB_PATHS } from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadGenerator } from '../../bench/load.ts';
import { seedJobs } from '../../test/job-seed.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, type TestUser } from '../../test/org-flows.ts';

/** The job list's heaviest page, loaded from another process as bench/list-vs-health.ts does. */
const CONNECTIONS = 30;
const LOAD_S = 4;

let t: TestApp;
let user: TestUser;
let base: string;
let load: LoadGenerator;

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
  await seedJobs(t.database.db, user.id, 1_000, ['COMPLETED', 'FAILED', 'CANCELLED']);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
  load = new LoadGenerator();
});
afterAll(async () => {
  load?.close();
  await t?.close();
});

/** Resolves once the server has accepted `count` connections. */
async function connectionsAccepted(count: number): Promise<void> {
  for (let accepted = 0; accepted < count; accepted++) await once(t.app.server, 'connection');
}

describe('the API on PGlite beside a loaded job list', () => {
  it('answers /health promptly while another process loads the list', async () => {
    const started = connectionsAccepted(CONNECTIONS);
    const loaded = load.run({
      url: `${base}${JOB_PATHS.hybridJobs}?max_results=100&page=1`,
      headers: { authorization: `Bearer ${user.token}` },
      connections: CONNECTIONS,
      durationS: LOAD_S,
    });
    await started;
    let done = false;
    void loaded.finally(() => (done = true));
    // The owner's jobs keep changing, as running ones do (a new start time each time), so the list cache cannot
    // answer for the database.
    const [changed] = await seedJobs(t.database.db, user.id, 1);
    const changing = (async () => {
      while (!done)
        await t.database.db.execute(sql`update jobs set started_at = now() where job_arn = ${changed}`);
    })();
    const times: number[] = [];
    while (!done) {
      const start = performance.now();
      const response = await fetch(`${base}/health`);
      await response.arrayBuffer();
      if (!done) times.push(performance.now() - start);
      expect(response.status).toBe(200);
    }
    const result = await loaded;
    await changing;
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p90 = times[Math.floor(times.length * 0.9)];
    console.log(
      `list load ${result.requestsPerSecond.toFixed(0)} req/s; /health ${times.length} probes, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms, median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`,
    );
    expect(result.requests).toBeGreaterThan(0);
    expect(result.failures).toBe(0);
    // Measured on a 2-core machine with PGlite in its thread: median 0.9 to 1.1 ms and p90 7 to 11 ms with the
    // machine otherwise at a load of 2; median 6.4 ms and p90 175 ms at a load of 9; median 119 ms in CI's
    // PostgreSQL run beside another file's engine work. With PGlite on the request thread the run did not end at
    // all when pages were read from the database. The figures are `npm run bench`'s to give; these bounds only
    // tell a stalled event loop (seconds, or never) from a busy machine.
    expect(median).toBeLessThan(500);
    expect(p90).toBeLessThan(2_000);
  });
});
