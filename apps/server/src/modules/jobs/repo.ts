import type { JobStatus } from '@hivqe/contract';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import {
  jobResults,
  jobs,
  type JobBackendName,
  type JobKind,
  type JobRow,
  type NewJob,
  type StoredRunResult,
} from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/users.ts';
import type { PagePosition } from './cursor.ts';

export interface JobPageQuery {
  userId: string;
  kind: JobKind;
  status?: JobStatus;
  after?: PagePosition;
  limit: number;
}

/** A listed job with its position, which the next page starts after. */
export type PagedJob = JobRow & { position: PagePosition };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Queued, running or cancelling: a job that waits for or holds a runner (literals: jobs_active_idx's predicate). */
const ACTIVE = sql`${jobs.status} in ('QUEUED', 'RUNNING', 'CANCELLING')`;

/** created_at to the microsecond, in a form that reads back exactly whatever the session's settings. */
const createdAtText = sql<string>`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export class JobsRepo extends Repo {
  async insert(job: NewJob): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values(job).returning();
    return row;
  }

  /**
   * Serializes job creation per user until the transaction ends (a row lock on the user, which leaves
   * foreign-key checks on it free), so a count of their active jobs stays true until the insert.
   */
  async lockOwner(userId: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  }

  /** A user's jobs that are queued, or hold a runner, on `backends`. */
  async countActive(userId: string, backends: readonly JobBackendName[]): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), inArray(jobs.backend, [...backends]), ACTIVE));
    return n;
  }

  async findByArn(jobArn: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.jobArn, jobArn));
    return row;
  }

  /** Job ids are UUIDs; any other text names no job (rather than failing the cast). */
  async findById(id: string): Promise<JobRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /** What the engine stored for each computation of a job, in run order. */
  async runResults(jobId: string): Promise<StoredRunResult[]> {
    const rows = await this.db
      .select({ result: jobResults.result })
      .from(jobResults)
      .where(eq(jobResults.jobId, jobId))
      .orderBy(asc(jobResults.id));
    return rows.map((row) => row.result);
  }

  /** A user's jobs of one kind, newest first (ties by id), after a position; keyset paging stays fast deep down. */
  async page(query: JobPageQuery): Promise<PagedJob[]> {
    const conditions: SQL[] = [eq(jobs.userId, query.userId), eq(jobs.kind, query.kind)];
    if (query.status) conditions.push(eq(jobs.status, query.status));
    if (query.after) {
      conditions.push(
        sql`(${jobs.createdAt}, ${jobs.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
      );
    }
    const rows = await this.db
      .select({ ...getTableColumns(jobs), createdAtText })
      .from(jobs)
      .where(and(...conditions))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit);
    return rows.map(({ createdAtText: createdAt, ...job }) => ({
      ...job,
      position: { createdAt, id: job.id },
    }));
  }
}
