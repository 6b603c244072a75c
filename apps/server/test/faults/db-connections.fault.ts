import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminQuery,
  API_READY,
  createJob,
  CuttableProxy,
  freshDatabase,
  jobsIn,
  jobUser,
  postgresTarget,
  postgresUrl,
  request,
  says,
  startApi,
  startWorker,
  terminateBackends,
  timeUntil,
  WORKER_READY,
  type Answer,
  type ServiceProcess,
} from './processes.ts';

/**
 * Database faults on real processes (an API with WORKERS=0 and `npm run worker` processes) over a PostgreSQL
 * database of their own: connections ended under load, processes started together on an empty database, the
 * database cut off and restored. Each prints one line of figures for the operations notes.
 */
postgresUrl();

const running: ServiceProcess[] = [];
const databases: { drop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
});

async function database() {
  const created = await freshDatabase();
  databases.push(created);
  return created;
}

function started<T extends ServiceProcess>(service: T): T {
  running.push(service);
  return service;
}

function report(fault: string, figures: Record<string, number | string>): void {
  const cells = Object.entries(figures).map(([key, value]) => `${key}=${value}`);
  console.log(`| ${fault} | ${cells.join(' | ')} |`);
}

/** A refusal the fault explains: 503 with Retry-After and the message, never a 500. */
function expectUnavailable(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(String(answer.body.message)).toMatch(/database/);
}

async function waitForJobsDone(url: string, arns: Set<string>): Promise<void> {
  await timeUntil(
    'every acknowledged job finished',
    async () => {
      const rows = await jobsIn(url);
      return [...arns].every((arn) => rows.some((row) => row.job_arn === arn && row.status === 'COMPLETED'));
    },
    120_000,
    500,
  );
}

/** Jobs acknowledged (201), lost (acknowledged, not in the database or not finished), run more than once. */
async function tally(url: string, acknowledged: Set<string>) {
  const rows = await jobsIn(url);
  const byArn = new Map(rows.map((row) => [row.job_arn, row]));
  const lost = [...acknowledged].filter((arn) => byArn.get(arn)?.status !== 'COMPLETED');
  const rerun = rows.filter((row) => row.attempts + row.lost_runs > 1);
  return { acknowledged: acknowledged.size, lost: lost.length, duplicated: rerun.length, rows: rows.length };
}

describe('database faults', () => {
  it('survives its connections being terminated mid-load: every process lives, answers again, loses no job', async () => {
    const db = await database();
    const api = started(await startApi(db.url));
    await api.logLine(API_READY);
    const workers = [started(startWorker(db.url, 'worker-1')), started(startWorker(db.url, 'worker-2'))];
    await Promise.all(workers.map((worker) => worker.logLine(WORKER_READY)));
    const token = await jobUser(api, db.url);

    const acknowledged = new Set<string>();
    const failures: Answer[] = [];
    /** When the last pair of requests that both succeeded was sent. */
    let lastSuccess = 0;
    let stop = false;
    const load = async () => {
      while (!stop) {
        const sent = performance.now();
        const created = await createJob(api, token);
        const me = await request(api, 'GET', '/auth/me', { token });
        if (created.status === 201) acknowledged.add(created.body.job_arn as string);
        // 429: the user's 20 active jobs, the workers' pace; not the fault's doing.
        const busy = created.status === 429;
        for (const answer of busy ? [me] : [created, me]) if (answer.status >= 300) failures.push(answer);
        if (created.status < 300 || busy) {
          if (me.status === 200) lastSuccess = sent;
        }
        if (busy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const loops = [load(), load()];

    const recoveries: number[] = [];
    let terminated = 0;
    for (let round = 0; round < 3; round += 1) {
      const before = acknowledged.size;
      await timeUntil(
        'jobs acknowledged before the fault',
        async () => acknowledged.size >= before + 3,
        60_000,
      );
      const fault = performance.now();
      terminated += await terminateBackends(db.name);
      recoveries.push(await timeUntil('answering again after the fault', async () => lastSuccess > fault));
    }
    // The session listener saw its connection go and came back.
    await api.logLine(says(/change listener is back/), 30_000);
    stop = true;
    await Promise.all(loops);

    for (const service of [api, ...workers]) expect(service.alive(), service.output()).toBe(true);
    for (const failure of failures) expectUnavailable(failure);
    await waitForJobsDone(db.url, acknowledged);
    const figures = await tally(db.url, acknowledged);
    report('pg_terminate_backend x3 under load (API + 2 workers)', {
      backends_terminated: terminated,
      ...figures,
      requests_refused_503: failures.length,
      recover_ms: recoveries.join('/'),
    });
    expect(figures.lost).toBe(0);
    expect(figures.duplicated).toBe(0);
    // Every job in the database was acknowledged: none committed behind a failed answer went unnoticed.
    expect(figures.rows).toBe(acknowledged.size);
  });

  it('starts three processes together on an empty database: all come up, the migrations run once', async () => {
    const db = await database();
    const start = performance.now();
    const api = started(await startApi(db.url));
    const workers = [started(startWorker(db.url, 'worker-1')), started(startWorker(db.url, 'worker-2'))];
    await Promise.all([api.logLine(API_READY), ...workers.map((worker) => worker.logLine(WORKER_READY))]);
    const upMs = Math.round(performance.now() - start);

    const applied = await adminQuery<{ hash: string }>(
      db.url,
      'select hash from drizzle.__drizzle_migrations',
    );
    const journal = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, '../../src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
    expect((await request(api, 'GET', '/health/ready')).status).toBe(200);
    report('3 processes started together on an empty database', {
      processes_up: [api, ...workers].filter((service) => service.alive()).length,
      migrations_applied: applied.length,
      all_up_ms: upMs,
    });
  });

  it('answers 503 when a statement outlives the statement timeout (a lock held by a stuck session)', async () => {
    const db = await database();
    const api = started(await startApi(db.url, { env: { DB_STATEMENT_TIMEOUT_MS: '500' } }));
    await api.logLine(API_READY);
    const token = await jobUser(api, db.url);
    expect((await createJob(api, token)).status).toBe(201);

    const stuck = new pg.Client({ connectionString: db.url });
    stuck.on('error', () => {});
    await stuck.connect();
    try {
      await stuck.query('begin');
      await stuck.query('lock table jobs in access exclusive mode');
      const askedAt = performance.now();
      const answer = await request(api, 'GET', '/hi-vqe/hybrid-jobs', { token });
      const answeredMs = Math.round(performance.now() - askedAt);
      expectUnavailable(answer);
      expect(answer.body.message).toMatch(/did not answer in time/);
      await stuck.query('rollback');
      expect((await request(api, 'GET', '/hi-vqe/hybrid-jobs', { token })).status).toBe(200);
      expect(api.alive(), api.output()).toBe(true);
      report('statement behind a held lock (DB_STATEMENT_TIMEOUT_MS=500)', { answered_ms: answeredMs });
    } finally {
      await stuck.end();
    }
  });

  it('answers 503 with Retry-After while the database is unreachable and recovers by itself', async () => {
    const db = await database();
    const proxy = new CuttableProxy(postgresTarget(db.url));
    await proxy.open();
    try {
      const api = started(await startApi(proxy.urlFor(db.url)));
      await api.logLine(API_READY);
      const token = await jobUser(api, db.url);
      expect((await createJob(api, token)).status).toBe(201);

      await proxy.cut();
      const cutAt = performance.now();
      const notReady = await request(api, 'GET', '/health/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.retryAfter).toMatch(/^\d+$/);
      expect(notReady.body).toEqual({
        message: expect.stringMatching(/^Not ready: the database/),
        code: 'database_unavailable',
      });
      expect((await request(api, 'GET', '/health/live')).status).toBe(200);
      expect((await request(api, 'GET', '/health')).status).toBe(200);
      expectUnavailable(await request(api, 'GET', '/auth/me', { token }));
      expectUnavailable(await createJob(api, token));
      await api.logLine(says(/change listener lost/), 30_000);
      const downMs = Math.round(performance.now() - cutAt);

      await proxy.open();
      const readyMs = await timeUntil(
        'ready again',
        async () => (await request(api, 'GET', '/health/ready')).status === 200,
      );
      const servedMs = await timeUntil('signed-in requests served again', async () => {
        return (await request(api, 'GET', '/auth/me', { token })).status === 200;
      });
      const created = await createJob(api, token);
      expect(created.status).toBe(201);
      await api.logLine(says(/change listener is back/), 30_000);
      expect(api.alive(), api.output()).toBe(true);
      const arns = (await jobsIn(db.url)).map((row) => row.job_arn);
      report('database unreachable (TCP proxy cut, then restored)', {
        acknowledged: 2,
        lost: [created.body.job_arn].filter((arn) => !arns.includes(arn as string)).length,
        duplicated: arns.length - 2,
        cut_observed_ms: downMs,
        ready_after_restore_ms: readyMs,
        served_after_restore_ms: readyMs + servedMs,
      });
      expect(arns).toHaveLength(2);
    } finally {
      await proxy.cut();
    }
  });
});
