import { JOB_PATHS, type JobStatus } from '@hivqe/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerTest } from '../../../test/app-per-test.ts';
import type { TestApp } from '../../../test/harness.ts';
import { jobUser } from '../../../test/job-flows.ts';
import { seedJobs } from '../../../test/job-seed.ts';
import { call, type TestUser } from '../../../test/org-flows.ts';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { JobsRepo } from './repo.ts';

/**
 * Issue 27: a page of the job list is answered from memory until a job of its owner changes, whoever changes it
 * (this app, another process, a statement run straight on the database).
 */
let database: Database;
let t: TestApp;
appPerTest((current) => ({ t, database } = current));
afterEach(() => {
  vi.restoreAllMocks();
});

interface Listed {
  jobs: { job_arn: string; status: string }[];
  total_count: number;
}

async function list(user: TestUser, query = 'max_results=10&page=1'): Promise<Listed> {
  const res = await call(t.app, 'GET', `${JOB_PATHS.hybridJobs}?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listed;
}

/** Reads of the jobs table's pages from here on. */
const pageReads = () => vi.spyOn(JobsRepo.prototype, 'page');

/**
 * Lists until a repeat is answered without reading the jobs. On PostgreSQL the notification of a write just
 * made arrives on its own connection and may come while the first read is under way: that read is then not kept.
 */
async function keptList(user: TestUser, query?: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const reads = pageReads();
      try {
        await list(user, query);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    },
    { timeout: 30_000, interval: 20 },
  );
}

/** A change made straight on the database, outside the app, as another process would. */
const setStatus = (arn: string, status: JobStatus) =>
  database.db.update(jobs).set({ status }).where(eq(jobs.jobArn, arn));

describe('the job list cache', () => {
  it('answers a page asked again without reading the jobs, and the same answer', async () => {
    const user = await jobUser(t);
    await seedJobs(database.db, user.id, 12);
    const first = await list(user);
    await keptList(user);
    const reads = pageReads();
    expect(await list(user)).toEqual(first);
    expect(reads).not.toHaveBeenCalled();
    // Another page or order is its own entry.
    await list(user, 'max_results=10&page=2');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('shows a change made outside the app on the next request', async () => {
    const user = await jobUser(t);
    const [newest] = await seedJobs(database.db, user.id, 3);
    expect((await list(user)).jobs[0].status).toBe('COMPLETED');

    await setStatus(newest, 'FAILED');
    expect((await list(user)).jobs[0]).toMatchObject({ job_arn: newest, status: 'FAILED' });

    await database.db.delete(jobs).where(eq(jobs.jobArn, newest));
    const listed = await list(user);
    expect(listed.jobs.map((job) => job.job_arn)).not.toContain(newest);
    expect(listed.total_count).toBe(2);

    const [added] = await seedJobs(database.db, user.id, 1);
    expect((await list(user)).jobs[0].job_arn).toBe(added);
  });

  it('keeps the pages of owners whose jobs did not change, and through a runner heartbeat', async () => {
    const ann = await jobUser(t);
    const bob = await jobUser(t);
    await seedJobs(database.db, ann.id, 2);
    const [bobs] = await seedJobs(database.db, bob.id, 2);
    await keptList(ann);
    await keptList(bob);
    const reads = pageReads();

    await setStatus(bobs, 'CANCELLED');
    await list(ann);
    expect(reads).not.toHaveBeenCalled();
    await list(bob);
    expect(reads).toHaveBeenCalledTimes(1);

    // A heartbeat moves only the lease's end, which no page shows.
    await database.db
      .update(jobs)
      .set({ leaseExpiresAt: sql`now() + interval '1 minute'` })
      .where(eq(jobs.jobArn, bobs));
    await list(bob);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("is per owner: an administrator listing a user's jobs sees that user's changes", async () => {
    const admin = await jobUser(t, { admin: true });
    const user = await jobUser(t);
    const [newest] = await seedJobs(database.db, user.id, 1);
    const query = `max_results=10&page=1&user_id=${encodeURIComponent(user.email)}`;
    expect((await list(admin, query)).jobs[0].status).toBe('COMPLETED');
    expect((await list(admin)).jobs).toEqual([]);
    await setStatus(newest, 'FAILED');
    expect((await list(admin, query)).jobs[0].status).toBe('FAILED');
  });
});
