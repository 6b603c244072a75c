import { isTerminalJobStatus, type JobSortColumn, type JobStatus } from '@hivqe/contract';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import {
  jobCounts,
  jobResults,
  jobs,
  type JobBackendName,
  type JobKind,
  type JobRow,
  type NewJob,
  type StoredRunResult,
} from '../../db/schema/jobs.ts';
import { jobCheckpoints, type RhfEnergies } from '../../db/schema/job-checkpoints.ts';
import { users } from '../../db/schema/users.ts';
import type { PagePosition } from './cursor.ts';

/** What narrows a list of a user's jobs of one kind (issue 12); absent fields match everything. */
export interface JobListFilters {
  status?: JobStatus;
  /** The device's name, the last segment of its path. */
  device?: string;
  /** The ARN's region segment. */
  region?: string;
  createdFrom?: string;
  createdTo?: string;
  /** Text in the job name or the molecule's name, any case. */
  search?: string;
}

export interface JobPageQuery {
  userId: string;
  kind: JobKind;
  filters: JobListFilters;
  sort: { column: JobSortColumn; descending: boolean };
  /** Keyset paging, only in the default order (newest first). */
  after?: PagePosition;
  offset?: number;
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

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(jobs).where(inArray(jobs.id, [...ids]));
  }

  /** The jobs of a bond scan (jobs_scan_idx). */
  async scanJobs(scanId: string): Promise<JobRow[]> {
    return this.db.select().from(jobs).where(eq(jobs.scanId, scanId));
  }

  /** What the engine stored for each computation of a job, in run order. */
  async runResults(jobId: string): Promise<StoredRunResult[]> {
    const rows = await this.db
      .select({
        result: jobResults.result,
        fullSpaceSize: jobResults.fullSpaceSize,
        cpuSeconds: jobResults.cpuSeconds,
      })
      .from(jobResults)
      .where(eq(jobResults.jobId, jobId))
      .orderBy(asc(jobResults.id));
    return rows.map(({ result, ...measures }) => ({ ...result, ...measures }));
  }

  /**
   * The RHF energies a job's computations told so far, by the computation's index; none once the job has ended,
   * when its results say the same (the runner's copy is kept beside the checkpoints, which go at the end).
   */
  async runningRhf(job: Pick<JobRow, 'id' | 'status'>): Promise<Map<number, RhfEnergies>> {
    if (isTerminalJobStatus(job.status)) return new Map();
    const rows = await this.db
      .select({ runIndex: jobCheckpoints.runIndex, rhf: jobCheckpoints.rhf })
      .from(jobCheckpoints)
      .where(eq(jobCheckpoints.jobId, job.id));
    return new Map(rows.flatMap(({ runIndex, rhf }) => (rhf === null ? [] : [[runIndex, rhf]])));
  }

  /**
   * A page of a user's jobs of one kind in the asked order, ties broken by creation time and id in the same
   * direction, so one index per order (jobs_owner_*_idx) serves both directions. Keyset paging (`after`)
   * stays fast deep down; `offset` serves the table's numbered pages.
   */
  async page(query: JobPageQuery): Promise<PagedJob[]> {
    const conditions = ownedMatching(query.userId, query.kind, query.filters);
    if (query.after) {
      conditions.push(
        sql`(${jobs.createdAt}, ${jobs.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
      );
    }
    const direction = query.sort.descending ? desc : asc;
    const keys = query.sort.column === 'created_at' ? [] : [SORT_COLUMNS[query.sort.column]];
    const rows = await this.db
      .select({ ...getTableColumns(jobs), createdAtText })
      .from(jobs)
      .where(and(...conditions))
      .orderBy(...[...keys, jobs.createdAt, jobs.id].map((column) => direction(column)))
      .limit(query.limit)
      .offset(query.offset ?? 0);
    return rows.map(({ createdAtText: createdAt, ...job }) => ({
      ...job,
      position: { createdAt, id: job.id },
    }));
  }

  /**
   * How many of a user's jobs of one kind match the filters: from the kept counts when at most the status is
   * asked for (a few rows however many jobs), else by scanning the user's rows.
   */
  async count(userId: string, kind: JobKind, filters: JobListFilters): Promise<number> {
    const { status, ...others } = filters;
    if (Object.values(others).every((value) => value === undefined)) {
      const conditions = [eq(jobCounts.userId, userId), eq(jobCounts.kind, kind)];
      if (status) conditions.push(eq(jobCounts.status, status));
      const [{ n }] = await this.db
        .select({ n: sql<number>`coalesce(sum(${jobCounts.jobs}), 0)::int` })
        .from(jobCounts)
        .where(and(...conditions));
      return n;
    }
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(...ownedMatching(userId, kind, filters)));
    return n;
  }
}

const SORT_COLUMNS = {
  started_at: jobs.startedAt,
  ended_at: jobs.endedAt,
  // Any case together (jobs_owner_name_idx is on lower(job_name)).
  job_name: sql`lower(${jobs.jobName})`,
  status: jobs.status,
} as const;

/**
 * A user's jobs of one kind that pass the filters. The owner leads every index, so the filters only ever
 * scan that user's rows; the search is a contains match (strpos: no LIKE wildcards to escape) in the kept
 * search_text, which no B-tree serves and pg_trgm is not in PGlite, so it costs a pass over the user's rows.
 */
function ownedMatching(userId: string, kind: JobKind, filters: JobListFilters): SQL[] {
  const conditions: SQL[] = [eq(jobs.userId, userId), eq(jobs.kind, kind)];
  if (filters.status) conditions.push(eq(jobs.status, filters.status));
  if (filters.device) {
    conditions.push(
      sql`(${jobs.device} = ${filters.device} or right(${jobs.device}, ${filters.device.length + 1}) = ${`/${filters.device}`})`,
    );
  }
  if (filters.region) conditions.push(sql`split_part(${jobs.jobArn}, ':', 4) = ${filters.region}`);
  if (filters.createdFrom) conditions.push(sql`${jobs.createdAt} >= ${filters.createdFrom}::timestamptz`);
  if (filters.createdTo) conditions.push(sql`${jobs.createdAt} < ${filters.createdTo}::timestamptz`);
  if (filters.search) {
    const search = filters.search.toLowerCase();
    conditions.push(sql`strpos(${jobs.searchText}, ${search}) > 0`);
  }
  return conditions;
}
