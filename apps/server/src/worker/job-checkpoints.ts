import { and, eq, sql } from 'drizzle-orm';
import { Repo } from '../db/repo.ts';
import { jobCheckpoints, jobs, type RhfEnergies } from '../db/schema/index.ts';

/** The columns a write merges into, by their SQL names (what `excluded.<name>` reads). */
const COLUMN_KEYS = { checkpoint: 'checkpoint', iqm_jobs: 'iqmJobs', rhf: 'rhf' } as const;

/** Where one computation of a job stood when its last run stopped: what a new run resumes from. */
export interface StoredCheckpoint {
  /** The HI-VQE loop's checkpoint (the engine checks it), or null before the first iteration ended. */
  checkpoint: unknown;
  /** The IQM job each sample call submitted, by the call's key. */
  iqmJobs: Record<string, string>;
  /** When the last run wrote it: what came after is the time the job lost. */
  updatedAt: Date;
}

/**
 * The checkpoints of running jobs (0020_job_checkpoints). A write is made only by the runner holding the
 * job's lease, so a runner that lost it (swept as dead while merely stalled) cannot overwrite the newer
 * run's progress.
 */
export class JobCheckpointRepo extends Repo {
  /** Each computation's checkpoint by its index; empty for a job that has not run an iteration yet. */
  async load(jobId: string): Promise<Map<number, StoredCheckpoint>> {
    const rows = await this.db.select().from(jobCheckpoints).where(eq(jobCheckpoints.jobId, jobId));
    return new Map(
      rows.map((row) => [
        row.runIndex,
        { checkpoint: row.checkpoint, iqmJobs: row.iqmJobs, updatedAt: row.updatedAt },
      ]),
    );
  }

  async save(jobId: string, owner: string, runIndex: number, checkpoint: unknown): Promise<void> {
    await this.upsert(jobId, owner, runIndex, { checkpoint }, sql`excluded.checkpoint`, 'checkpoint');
  }

  /** Adds one IQM job to the computation's record, beside those of earlier calls. */
  async recordIqmJob(jobId: string, owner: string, runIndex: number, key: string, id: string): Promise<void> {
    const entry = { [key]: id };
    await this.upsert(
      jobId,
      owner,
      runIndex,
      { iqmJobs: entry },
      sql`${jobCheckpoints.iqmJobs} || excluded.iqm_jobs`,
      'iqm_jobs',
    );
  }

  async saveRhf(jobId: string, owner: string, runIndex: number, rhf: RhfEnergies): Promise<void> {
    await this.upsert(jobId, owner, runIndex, { rhf }, sql`excluded.rhf`, 'rhf');
  }

  async clear(jobId: string): Promise<void> {
    await this.db.delete(jobCheckpoints).where(eq(jobCheckpoints.jobId, jobId));
  }

  private async upsert(
    jobId: string,
    owner: string,
    runIndex: number,
    value: { checkpoint?: unknown; iqmJobs?: Record<string, string>; rhf?: RhfEnergies },
    merged: ReturnType<typeof sql>,
    column: keyof typeof COLUMN_KEYS,
  ): Promise<void> {
    const held = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.leaseOwner, owner), eq(jobs.status, 'RUNNING')));
    if (held.length === 0) return;
    await this.db
      .insert(jobCheckpoints)
      .values({ jobId, runIndex, ...value })
      .onConflictDoUpdate({
        target: [jobCheckpoints.jobId, jobCheckpoints.runIndex],
        set: { [COLUMN_KEYS[column]]: merged, updatedAt: sql`now()` },
      });
  }
}
