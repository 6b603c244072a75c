import { asc, desc, eq } from 'drizzle-orm';
import { Repo } from '../db/repo.ts';
import { jobLogs, jobMetrics, jobResults, type StoredRunResult } from '../db/schema/jobs.ts';

export type NewJobLog = typeof jobLogs.$inferInsert;
export type NewJobMetric = typeof jobMetrics.$inferInsert;
export type JobLogRow = typeof jobLogs.$inferSelect;
export type JobMetricRow = typeof jobMetrics.$inferSelect;

/** What local jobs write as they run: log lines, energy points and each computation's result, in order. */
export class JobOutputRepo extends Repo {
  async appendLogs(rows: NewJobLog[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(jobLogs).values(rows);
  }

  async appendMetrics(rows: NewJobMetric[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(jobMetrics).values(rows);
  }

  async appendResult(
    jobId: string,
    { fullSpaceSize, cpuSeconds, ...result }: StoredRunResult,
  ): Promise<void> {
    await this.db.insert(jobResults).values({ jobId, result, fullSpaceSize, cpuSeconds });
  }

  /** A retried job draws its convergence chart, and finds its results, again from the start. */
  async clearMetrics(jobId: string): Promise<void> {
    await this.db.delete(jobMetrics).where(eq(jobMetrics.jobId, jobId));
    await this.db.delete(jobResults).where(eq(jobResults.jobId, jobId));
  }

  /** The last `limit` lines, oldest first. */
  async logs(jobId: string, limit: number): Promise<JobLogRow[]> {
    const newest = await this.db
      .select()
      .from(jobLogs)
      .where(eq(jobLogs.jobId, jobId))
      .orderBy(desc(jobLogs.id))
      .limit(limit);
    return newest.reverse();
  }

  async metrics(jobId: string): Promise<JobMetricRow[]> {
    return this.db.select().from(jobMetrics).where(eq(jobMetrics.jobId, jobId)).orderBy(asc(jobMetrics.id));
  }
}
