import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';

export interface RhfEnergies {
  eRhf: number;
  eNuc: number;
}

/**
 * Where a running job's computations stand (0020_job_checkpoints), so that a run picked up by another worker
 * resumes: per computation (`run_index`, the molecule of a bond scan), the HI-VQE loop's checkpoint after its
 * last completed iteration, and the IQM job each sample call submitted, by the call's key. It also keeps the
 * computation's RHF energy (0024_job_checkpoint_rhf), which the result card shows while the job runs.
 */
export const jobCheckpoints = pgTable(
  'job_checkpoints',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    runIndex: integer('run_index').notNull(),
    /** The engine's LoopCheckpoint, checked by the engine before it is trusted; null before the first iteration. */
    checkpoint: jsonb('checkpoint'),
    iqmJobs: jsonb('iqm_jobs').$type<Record<string, string>>().notNull().default({}),
    /** RHF and nuclear repulsion energies (Ha), stored once RHF has converged; null before. */
    rhf: jsonb('rhf').$type<RhfEnergies>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.runIndex] })],
);
