import type { JobStatus } from '@hivqe/contract';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, type JobBackendName, type JobRow } from '../db/schema/jobs.ts';
import { JobOutputRepo } from './job-output.ts';

/** A runner holds a job while it runs and while its cancel is under way. */
const HELD: JobStatus[] = ['RUNNING', 'CANCELLING'];
/** The back ends whose HI-VQE loop runs on this server's runners (IQM jobs only send their circuits out). */
export const RUNNER_BACKENDS: JobBackendName[] = ['local', 'iqm'];

/** How a run ends; QUEUED: run the job again (its engine crashed and attempts remain). */
export type JobOutcome =
  | { status: 'COMPLETED' }
  | { status: 'CANCELLED' }
  | { status: 'FAILED'; failureReason: string }
  | { status: 'QUEUED' };

/** An IQM job waiting in IQM's queue: since when, and its position where IQM gives one. */
export interface IqmQueuePlace {
  position: number | null;
  since: Date;
}

export interface SweepResult {
  requeued: string[];
  failed: string[];
  cancelled: string[];
}

export const QUEUE_MESSAGES = {
  released: 'The worker shut down; the job was queued again.',
  requeued: 'The worker running this job stopped responding; the job was queued again.',
  lostWhileCancelling: 'The worker stopped while the job was being cancelled; the job is cancelled.',
  lostTooOften: (lostRuns: number) =>
    `The worker running this job stopped responding ${lostRuns} times (crash, kill or pause); ` +
    'the job was not retried again, in case it is the job that ends its worker.',
  crashed: (reason: string) => `${reason}; the job was queued again.`,
  crashedTooOften: (attempts: number, reason: string) =>
    `${reason}; the engine crashed on this job ${attempts} times, so it was not retried again.`,
} as const;

const now = sql`now()`;
/** Every change of a run clears its IQM job's place in IQM's queue: only the run waiting there sets it. */
const NOT_IN_IQM_QUEUE = { iqmQueuePosition: null, iqmQueuedSince: null };
const leaseEnd = (leaseMs: number): SQL => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

const listOf = (values: readonly string[]): SQL =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** RUNNER_BACKENDS as literals, as jobs_user_started_idx's predicate has them (bound values would not match it). */
const RUNNER_LITERALS = sql.raw(`(${RUNNER_BACKENDS.map((name) => `'${name}'`).join(', ')})`);

/** How far ahead a claim looks: the best-placed users, and each one's oldest queued jobs. */
const CANDIDATE_USERS = 8;
const CANDIDATE_JOBS_PER_USER = 4;

/**
 * The job a claim takes: the oldest queued job of the user whose jobs hold the fewest runners (RUNNING, or
 * CANCELLING until their runner lets go); among users holding as many, the one served longest ago (whose
 * last job started earliest, or never), then the one whose oldest queued job is oldest. The second rule
 * matters: with one runner, every claim comes when nobody holds one, and the oldest-job rule alone would
 * let a user's long queue go first. So a user's long queue never delays another user's next job by more
 * than the runs already under way: users take turns.
 *
 * Cheap however long the queue: `owners` walks jobs_fair_queue_idx (queued jobs by user, oldest first) one
 * user at a time (a loose index scan: one probe per user with a queued job, not one row per queued job),
 * `last_start` reads jobs_user_started_idx, `held` the few held jobs through jobs_queue_idx, and only the
 * first jobs of the best-placed users are sorted and locked. SKIP LOCKED means concurrent claims never take one job twice: a claim skips a
 * candidate another claim is taking and takes the next; should all of them be taken at once, the claim
 * finds none and its runner looks again at its next poll. Claims racing one another do not see each
 * other's uncommitted claims as running, so they may take two jobs of one user where the order would
 * alternate: fairness is exact between claims, approximate among simultaneous ones.
 */
function fairNext(backends: readonly JobBackendName[]): SQL {
  const queuedHere = (alias: string) =>
    sql`${sql.raw(alias)}.status = 'QUEUED' and ${sql.raw(alias)}.backend in ${listOf(backends)}`;
  return sql`
    with recursive owners as (
      (select user_id from jobs first where first.status = 'QUEUED' order by user_id limit 1)
      union all
      select later.user_id from owners cross join lateral (
        select user_id from jobs following
        where following.status = 'QUEUED' and following.user_id > owners.user_id
        order by user_id limit 1
      ) later
    ), held as (
      select user_id, count(*) as running from jobs
      where backend in ${RUNNER_LITERALS} and status in ${listOf(HELD)}
      group by user_id
    ), ranked as (
      select owners.user_id, coalesce(held.running, 0) as running, last_start.started_at as served,
             own_oldest.created_at as oldest
      from owners
      cross join lateral (
        select created_at from jobs own
        where ${queuedHere('own')} and own.user_id = owners.user_id
        order by created_at limit 1
      ) own_oldest
      left join lateral (
        select started_at from jobs own
        where own.user_id = owners.user_id and own.started_at is not null and own.backend in ${RUNNER_LITERALS}
        order by started_at desc limit 1
      ) last_start on true
      left join held on held.user_id = owners.user_id
      order by running, served nulls first, oldest, owners.user_id
      limit ${CANDIDATE_USERS}
    ), candidates as (
      select ranked.running, ranked.served, ranked.oldest, first_jobs.user_id, first_jobs.created_at, first_jobs.id
      from ranked cross join lateral (
        select user_id, created_at, id from jobs own
        where ${queuedHere('own')} and own.user_id = ranked.user_id
        order by created_at limit ${CANDIDATE_JOBS_PER_USER}
      ) first_jobs
    )
    select queued.id from candidates join jobs queued on queued.id = candidates.id
    where queued.status = 'QUEUED'
    order by candidates.running, candidates.served nulls first, candidates.oldest, candidates.user_id,
      candidates.created_at, candidates.id
    limit 1
    for update of queued skip locked`;
}

/**
 * The local back end's queue, kept in the jobs table. Runners claim with FOR UPDATE SKIP LOCKED, so any
 * number of them, in any number of processes on one PostgreSQL, share it without running a job twice. A
 * claim is a lease the runner renews by heartbeat; the sweeper frees jobs whose lease ran out.
 */
export class JobQueue {
  private readonly output: JobOutputRepo;

  constructor(private readonly db: Db) {
    this.output = new JobOutputRepo(db);
  }

  /**
   * Claims for `owner`, leased for `leaseMs`, the next job queued on `backends` in fair order (fairNext);
   * undefined when none waits.
   */
  async claim(
    owner: string,
    leaseMs: number,
    backends: readonly JobBackendName[] = RUNNER_BACKENDS,
  ): Promise<JobRow | undefined> {
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'RUNNING',
        leaseOwner: owner,
        leaseExpiresAt: leaseEnd(leaseMs),
        startedAt: now,
        // The time limit counts from the first start (run-deadline.ts), whatever happens to the runs after it.
        firstStartedAt: sql`coalesce(${jobs.firstStartedAt}, now())`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: now,
        ...NOT_IN_IQM_QUEUE,
      })
      .where(and(sql`${jobs.id} = (${fairNext(backends)})`, eq(jobs.status, 'QUEUED')))
      .returning();
    // A job run before (crashed, lost or handed back) draws its chart again from the start.
    if (job) await this.output.clearMetrics(job.id);
    return job;
  }

  /**
   * Renews for `leaseMs` the leases `owner` holds on `jobIds`; answers the status of each job still held. A job left out
   * is lost to this owner (swept after a stall, or deleted with its user).
   */
  async heartbeat(owner: string, jobIds: string[], leaseMs: number): Promise<Map<string, JobStatus>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.db
      .update(jobs)
      .set({ leaseExpiresAt: leaseEnd(leaseMs) })
      .where(and(inArray(jobs.id, jobIds), eq(jobs.leaseOwner, owner), inArray(jobs.status, HELD)))
      .returning({ id: jobs.id, status: jobs.status });
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  /** Ends a run `owner` holds (QUEUED: the job waits to run again); false when the lease was lost meanwhile. */
  async finish(jobId: string, owner: string, outcome: JobOutcome): Promise<boolean> {
    if (outcome.status === 'QUEUED') return (await this.handBack(jobId, owner, jobs.attempts)) !== undefined;
    const rows = await this.db
      .update(jobs)
      .set({
        status: outcome.status,
        failureReason: outcome.status === 'FAILED' ? outcome.failureReason : null,
        endedAt: now,
        updatedAt: now,
        leaseOwner: null,
        leaseExpiresAt: null,
        ...NOT_IN_IQM_QUEUE,
      })
      .where(this.heldBy(jobId, owner))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /**
   * Where the IQM job of a run `owner` holds waits in IQM's queue (null: it waits no more), for the monitor;
   * nothing is written once the run has ended or its lease was lost.
   */
  async placeInIqmQueue(jobId: string, owner: string, place: IqmQueuePlace | null): Promise<void> {
    await this.db
      .update(jobs)
      .set({ iqmQueuePosition: place?.position ?? null, iqmQueuedSince: place?.since ?? null })
      .where(this.heldBy(jobId, owner));
  }

  /**
   * Hands a job back to the queue at once, when its runner shuts down cleanly; the attempt is not counted,
   * since the job did nothing wrong. A job being cancelled is cancelled instead.
   */
  async release(jobId: string, owner: string): Promise<void> {
    const status = await this.handBack(jobId, owner, sql`${jobs.attempts} - 1`);
    if (status) await this.note(jobId, status === 'QUEUED' ? QUEUE_MESSAGES.released : 'Job cancelled.');
  }

  /** Queues a held job again with `attempts` (a job being cancelled is cancelled); its new status, if held. */
  private async handBack(jobId: string, owner: string, attempts: SQL | typeof jobs.attempts) {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.status} = 'CANCELLING' then 'CANCELLED' else 'QUEUED' end`,
        endedAt: sql`case when ${jobs.status} = 'CANCELLING' then now() end`,
        startedAt: sql`case when ${jobs.status} = 'CANCELLING' then ${jobs.startedAt} end`,
        attempts,
        updatedAt: now,
        leaseOwner: null,
        leaseExpiresAt: null,
        ...NOT_IN_IQM_QUEUE,
      })
      .where(this.heldBy(jobId, owner))
      .returning({ status: jobs.status });
    return row?.status;
  }

  /**
   * Frees jobs whose runner vanished (crash, kill, pause past the lease): back to the queue, the run counted
   * as lost rather than as an attempt, until the job has been lost `maxLostRuns` times: then failed with the
   * reason, as a job that ends its worker each time it runs would otherwise never stop. A job whose cancel
   * was under way is cancelled. No job is left held without a live lease.
   */
  async sweep(maxLostRuns: number): Promise<SweepResult> {
    const expired = (status: JobStatus) =>
      and(inArray(jobs.backend, RUNNER_BACKENDS), eq(jobs.status, status), lt(jobs.leaseExpiresAt, now));
    const free = { leaseOwner: null, leaseExpiresAt: null, updatedAt: now, ...NOT_IN_IQM_QUEUE };
    const lost = { attempts: sql`${jobs.attempts} - 1`, lostRuns: sql`${jobs.lostRuns} + 1` };
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

    const cancelled = ids(
      await this.db
        .update(jobs)
        .set({ ...free, status: 'CANCELLED', endedAt: now })
        .where(expired('CANCELLING'))
        .returning({ id: jobs.id }),
    );
    const failed = ids(
      await this.db
        .update(jobs)
        .set({
          ...free,
          ...lost,
          status: 'FAILED',
          endedAt: now,
          failureReason: QUEUE_MESSAGES.lostTooOften(maxLostRuns),
        })
        .where(and(expired('RUNNING'), gte(jobs.lostRuns, maxLostRuns - 1)))
        .returning({ id: jobs.id }),
    );
    const requeued = ids(
      await this.db
        .update(jobs)
        .set({ ...free, ...lost, status: 'QUEUED', startedAt: null })
        .where(expired('RUNNING'))
        .returning({ id: jobs.id }),
    );
    for (const id of cancelled) await this.note(id, QUEUE_MESSAGES.lostWhileCancelling);
    for (const id of failed) await this.note(id, QUEUE_MESSAGES.lostTooOften(maxLostRuns));
    for (const id of requeued) await this.note(id, QUEUE_MESSAGES.requeued);
    return { requeued, failed, cancelled };
  }

  /**
   * Asks a job to stop: a queued job is cancelled at once, a running one becomes CANCELLING until its runner
   * stops it. Answers the new status; undefined when the job had already ended or its cancel is under way, so
   * of simultaneous requests exactly one changes the job (issue 23 §6).
   */
  async requestCancel(jobId: string): Promise<'CANCELLED' | 'CANCELLING' | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.status} = 'QUEUED' then 'CANCELLED' else 'CANCELLING' end`,
        endedAt: sql`case when ${jobs.status} = 'QUEUED' then now() end`,
        updatedAt: now,
      })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['QUEUED', 'RUNNING'])))
      .returning({ status: jobs.status });
    const status = row?.status;
    if (status === 'CANCELLED') await this.note(jobId, 'Job cancelled before it started.');
    return status === 'CANCELLED' || status === 'CANCELLING' ? status : undefined;
  }

  private heldBy(jobId: string, owner: string) {
    return and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), inArray(jobs.status, HELD));
  }

  private note(jobId: string, message: string): Promise<void> {
    return this.output.appendLogs([{ jobId, timestamp: new Date(), message }]);
  }
}
