import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { JobQueue } from '../src/worker/queue.ts';
import { seedJobs } from '../test/job-seed.ts';
import { fmt, percentile } from './stats.ts';

const CLAIMS = 50;

/** A database with `owners` users, `perOwner` jobs queued by each, and one newer job of a latecomer. */
async function queueOf(owners: number, perOwner: number) {
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, schemaName: `bench_queue_${randomBytes(4).toString('hex')}` }
      : {},
  );
  await database.migrate();
  const user = async () => {
    const tag = randomBytes(6).toString('hex');
    const values = {
      username: tag,
      email: `${tag}@example.com`,
      passwordHash: '-',
      status: 'CONFIRMED' as const,
    };
    const [row] = await database.db.insert(users).values(values).returning();
    return row.id;
  };
  for (let i = 0; i < owners; i++) await seedJobs(database.db, await user(), perOwner, ['QUEUED']);
  const latecomer = await user();
  const [latecomerJob] = await seedJobs(database.db, latecomer, 1, ['QUEUED']);
  return { database, queue: new JobQueue(database.db), latecomerJob };
}

/**
 * The queue with 1,000 and 10,000 jobs waiting: in which claim a latecomer's single job (newer than all of
 * them) is taken, and how long a claim takes.
 */
export async function benchQueue(): Promise<void> {
  const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `queue (${label}; one runner, ${CLAIMS} claims: which one takes the latecomer's job, and their time)`,
  );
  for (const [owners, perOwner] of [
    [1, 1_000],
    [1, 10_000],
    [500, 20],
  ]) {
    const { database, queue, latecomerJob } = await queueOf(owners, perOwner);
    const times: number[] = [];
    let position = 0;
    for (let claim = 1; claim <= CLAIMS; claim++) {
      const start = performance.now();
      const job = await queue.claim('bench-runner', 60_000);
      times.push(performance.now() - start);
      if (job?.jobArn === latecomerJob) position = claim;
      // One runner: the job ends before the next claim.
      if (job) await queue.finish(job.id, 'bench-runner', { status: 'COMPLETED' });
    }
    console.log(
      `  ${(owners * perOwner).toLocaleString('en-US')} queued by ${owners} user(s): the latecomer's job is ` +
        `claim ${position || `> ${CLAIMS}`}; claim p50 ${fmt(percentile(times, 50))} ms, ` +
        `p95 ${fmt(percentile(times, 95))} ms`,
    );
    await database.close();
  }
}
