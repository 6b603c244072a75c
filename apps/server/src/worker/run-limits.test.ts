import { JOB_MESSAGES, JOB_PATHS } from '@hivqe/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../test/cleanup.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';
import {
  byArn,
  createHybridJob,
  h2Form,
  hybridPayload,
  jobUser,
  n2LongForm,
  storedJob,
  waitForStatus,
} from '../../test/job-flows.ts';
import { call, type TestUser } from '../../test/org-flows.ts';
import { appWithRunner } from '../../test/running-app.ts';
import { jobMetrics } from '../db/schema/index.ts';
import { CAP_NOTES, METRIC_CAPS } from './output-caps.ts';

/** Issue 24 §5 on a real runner: a job's time limit, and the energy points one job may store. */

const later = cleanupAfterEach();

const messagesOf = async (t: TestApp, user: TestUser, arn: string) =>
  (
    (await call(t.app, 'GET', byArn(JOB_PATHS.hybridJobLogs, arn), user)).json().logs as {
      message: string;
    }[]
  ).map((log) => log.message);

describe('a job’s time limit (max_runtime)', () => {
  it('fails a job that runs past it with the reason, and the runner takes the next job', async () => {
    const { t, database } = await appWithRunner(later);
    const greedy = await jobUser(t);
    const other = await jobUser(t);
    const long = await createHybridJob(t, greedy, hybridPayload(n2LongForm(), { max_runtime: 1 }));
    const next = await createHybridJob(t, other);

    const failed = await waitForStatus(database.db, long.job_arn, ['FAILED', 'COMPLETED', 'CANCELLED']);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toBe(JOB_MESSAGES.ranPastTimeLimit(1));
    expect(await messagesOf(t, greedy, long.job_arn)).toContain(
      `Job failed: ${JOB_MESSAGES.ranPastTimeLimit(1)}`,
    );
    expect((await waitForStatus(database.db, next.job_arn, ['COMPLETED', 'FAILED'])).status).toBe(
      'COMPLETED',
    );
  });

  it('counts from the first start: a job queued again past its limit is failed as soon as it is taken', async () => {
    const database = await openTestDatabase();
    later(() => database.close());
    const api = await createTestApp({}, database);
    later(() => api.close());
    const user = await jobUser(api);
    const { job_arn } = await createHybridJob(api, user, hybridPayload(h2Form(), { max_runtime: 3600 }));
    // As if a runner took it two hours ago and was lost, and the sweeper queued it again.
    await database.db.execute(
      sql`update jobs set first_started_at = now() - interval '2 hours', attempts = 1 where job_arn = ${job_arn}`,
    );

    await appWithRunner(later, { database });
    const ended = await waitForStatus(database.db, job_arn, ['FAILED', 'COMPLETED']);
    expect(ended.status).toBe('FAILED');
    expect(ended.failureReason).toBe(JOB_MESSAGES.ranPastTimeLimit(3600));
    expect(ended.failureReason).toContain('ran past its time limit of 1 h');
  });
});

describe('energy points one job stores', () => {
  it('thins a long run: every point up to the dense part, then every k-th, the last always; the log says so', async () => {
    const { t, database } = await appWithRunner(later);
    const user = await jobUser(t);
    const form = h2Form();
    // Ten strides past the dense part: enough to show the thinning, without paying for a full 1,000 iterations.
    const iterations = METRIC_CAPS.dense + 10 * METRIC_CAPS.stride;
    const payload = hybridPayload(
      { ...form, convergence_count: 0, parameters: { ...form.parameters, maxIterations: iterations } },
      { max_iter: iterations },
    );
    const { job_arn } = await createHybridJob(t, user, payload);
    const job = await waitForStatus(database.db, job_arn, ['COMPLETED', 'FAILED']);
    expect(job.status, job.failureReason ?? '').toBe('COMPLETED');

    const points = await database.db
      .select({ call: jobMetrics.costFunctionCall })
      .from(jobMetrics)
      .where(eq(jobMetrics.jobId, job.id))
      .orderBy(asc(jobMetrics.id));
    const calls = points.map((point) => point.call);
    // Without thinning, one point per iteration.
    expect(calls.length).toBe(METRIC_CAPS.dense + (iterations - METRIC_CAPS.dense) / METRIC_CAPS.stride);
    expect(calls.length).toBeLessThanOrEqual(METRIC_CAPS.max);
    // The engine counts cost-function calls: the same number of them each iteration.
    const step = calls[1] - calls[0];
    expect(calls.slice(0, METRIC_CAPS.dense)).toEqual(
      Array.from({ length: METRIC_CAPS.dense }, (_, i) => calls[0] + i * step),
    );
    expect(calls.at(-1)).toBe(calls[0] + (iterations - 1) * step);
    expect(await messagesOf(t, user, job_arn)).toContain(CAP_NOTES.metricsThinned);
    expect((await storedJob(database.db, job_arn)).status).toBe('COMPLETED');
  });
});
