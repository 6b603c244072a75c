import { asc, eq } from 'drizzle-orm';
import { Repo } from '../../../db/repo.ts';
import { jobMetrics, jobResults, jobs, type StoredRunResult } from '../../../db/schema/jobs.ts';
import type { EnergyPoint } from '../backend.ts';

/** Rows per insert, well below PostgreSQL's 65,535 bind parameters. */
const MAX_BATCH = 2000;

/**
 * A completed Braket job's results, once read from its output archive, kept where a local job's are
 * (job_results, job_metrics): the result document, the chart and the downloads then read them as they read a
 * local job's, and S3 is not asked again.
 */
export class BraketOutputRepo extends Repo {
  async hasResult(jobId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobResults.id })
      .from(jobResults)
      .where(eq(jobResults.jobId, jobId))
      .limit(1);
    return row !== undefined;
  }

  /** The stored energy points, in iteration order. */
  async points(jobId: string): Promise<EnergyPoint[]> {
    return this.db
      .select({
        costFunctionCall: jobMetrics.costFunctionCall,
        energy: jobMetrics.energy,
        error: jobMetrics.error,
        numStates: jobMetrics.numStates,
        timestamp: jobMetrics.timestamp,
      })
      .from(jobMetrics)
      .where(eq(jobMetrics.jobId, jobId))
      .orderBy(asc(jobMetrics.id));
  }

  /**
   * Stores the run and its points unless the job has a result already. Two requests that read the archive at
   * once store it once: the job's row is locked first, so the second waits and then finds the first's result.
   */
  async storeOnce(
    jobId: string,
    { fullSpaceSize, cpuSeconds, ...result }: StoredRunResult,
    points: readonly EnergyPoint[],
  ): Promise<void> {
    await this.transaction(async (repo) => {
      await repo.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
      if (await repo.hasResult(jobId)) return;
      // Points the job logged to CloudWatch were never stored for a Braket job: these are its only ones.
      for (let start = 0; start < points.length; start += MAX_BATCH) {
        const batch = points.slice(start, start + MAX_BATCH);
        await repo.db.insert(jobMetrics).values(batch.map((point) => ({ jobId, ...point })));
      }
      await repo.db.insert(jobResults).values({ jobId, result, fullSpaceSize, cpuSeconds });
    });
  }
}
