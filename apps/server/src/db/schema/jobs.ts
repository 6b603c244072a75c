import type { JobStatus, LeadingDeterminant, PermissionSource } from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Which service runs a job: the built-in engine, Amazon Braket, or the engine with its shots from IQM Resonance. */
export const JOB_BACKENDS = ['local', 'braket', 'iqm'] as const;
export type JobBackendName = (typeof JOB_BACKENDS)[number];

/** The console a job belongs to: cloud hybrid jobs or the IQM panel. */
export const JOB_KINDS = ['hybrid', 'iqm'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobArn: text('job_arn').notNull().unique(),
    jobName: text('job_name').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    backend: text('backend', { enum: JOB_BACKENDS }).notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    device: text('device').notNull(),
    /** As Braket carries them: every value a string. */
    hyperparameters: jsonb('hyperparameters').$type<Record<string, string>>().notNull(),
    instanceConfig: jsonb('instance_config').$type<{
      instanceType: string;
      volumeSizeInGb: number;
      instanceCount: number;
    }>(),
    outputDataConfig: jsonb('output_data_config').$type<{ s3Path: string }>(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    /** The permission source the job is billed to, as resolved when it was created. */
    permissionSource: jsonb('permission_source').$type<PermissionSource>().notNull(),
    /** The role a remote back end assumes; null on the local back end. */
    roleArn: text('role_arn'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** The local queue's lease: which runner holds the job and until when without a heartbeat. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: at('lease_expires_at'),
    /** The job's time limit in seconds (0015_job_runtime_limit); null on jobs created before it: no limit. */
    maxRuntimeS: integer('max_runtime_s'),
    /** When a runner first took the job: its time limit counts from there, across runs (run-deadline.ts). */
    firstStartedAt: at('first_started_at'),
    /**
     * Runs counted against the job: started, less those handed back by a clean shutdown and those lost with
     * their runner. A job whose engine crashed JOB_MAX_ATTEMPTS times is failed.
     */
    attempts: integer('attempts').notNull().default(0),
    /** Runs lost with their runner (lease expired: 0016_job_lost_runs); JOB_MAX_LOST_RUNS of them fail the job. */
    lostRuns: integer('lost_runs').notNull().default(0),
    /**
     * While the IQM job a run waits on is in IQM's queue (0021_iqm_queue_state): since when, and its position
     * where IQM gives one. Null otherwise; cleared by every change of the run (queue.ts), so never stale.
     */
    iqmQueuePosition: integer('iqm_queue_position'),
    iqmQueuedSince: at('iqm_queued_since'),
    /** The bond scan one create made of several bond lengths (0011_job_scans); both null for a job alone. */
    scanId: uuid('scan_id'),
    scanName: text('scan_name'),
    /**
     * What the list's search matches (0012_job_search_text): the job name and the molecule's name as the table
     * shows it (moleculeName in the contract), lower-cased, joined by a line feed: neither holds one, nor can a
     * search (no request text carries a line break outside multi-line fields), so no match spans the two.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(job_name) || E'\n' || lower(replace(regexp_replace(btrim(regexp_replace(regexp_replace(coalesce(hyperparameters->>'molecule_geometry', ''), '([^;\s,]+)[^;]*', '\1', 'g'), '[;\s]+', ' ', 'g')), '^(\S+) \1$', '\1' || '2'), ' ', ''))`,
      ),
  },
  (t) => [
    // Serves the panels' keyset pages: a user's jobs of one kind, newest first.
    index('jobs_owner_page_idx').on(t.userId, t.kind, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    // Serve the list's other orders, either direction (0009_job_list_indexes); status also serves status_filter.
    index('jobs_owner_started_idx').on(t.userId, t.kind, t.startedAt, t.createdAt, t.id),
    index('jobs_owner_ended_idx').on(t.userId, t.kind, t.endedAt, t.createdAt, t.id),
    index('jobs_owner_name_idx').on(t.userId, t.kind, sql`lower(${t.jobName})`, t.createdAt, t.id),
    index('jobs_owner_status_idx').on(t.userId, t.kind, t.status, t.createdAt, t.id),
    // Serves the queue: the oldest queued job, and the leases the sweeper checks.
    index('jobs_queue_idx').on(t.backend, t.status, t.createdAt),
    // Serves the fair claim: each user's queued jobs, oldest first (a small index: only queued rows).
    index('jobs_fair_queue_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} = 'QUEUED'`),
    // Serves the fair claim's turns: when each user's last job started.
    index('jobs_user_started_idx')
      .on(t.userId, t.startedAt)
      .where(sql`${t.backend} in ('local', 'iqm')`),
    // Serves reading and cancelling a scan.
    index('jobs_scan_idx')
      .on(t.scanId)
      .where(sql`${t.scanId} is not null`),
    // Serves the per-user limit on active jobs.
    index('jobs_active_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING', 'CANCELLING')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

/**
 * How many jobs each user has of each kind and status, kept by the trigger jobs_counted (migration 0009, which
 * drizzle does not model), so a list's total_count does not grow with the user's jobs.
 */
export const jobCounts = pgTable(
  'job_counts',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    jobs: integer('jobs').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.status] })],
);

export const jobLogs = pgTable(
  'job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    timestamp: at('timestamp').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('job_logs_job_idx').on(t.jobId, t.id)],
);

export const jobMetrics = pgTable(
  'job_metrics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    costFunctionCall: integer('cost_function_call').notNull(),
    energy: doublePrecision('energy').notNull(),
    /** energy − exact energy; null when no exact energy is known. */
    error: doublePrecision('error'),
    numStates: integer('num_states').notNull(),
    timestamp: at('timestamp').notNull(),
  },
  (t) => [index('job_metrics_job_idx').on(t.jobId, t.id)],
);

/** What the engine found for one molecule of a job, stored as each computation finishes. */
export interface StoredRunResult extends RunMeasures {
  geometryTag: string | null;
  moleculeGeometry: string;
  /** The user's exact energy for the molecule; null when they gave none. */
  exactEnergy: number | null;
  energy: number;
  eRhf: number;
  eNuc: number;
  /** null when the active space was above the engine's CASCI limit. */
  eCasci: number | null;
  /** Determinants of the final subspace. */
  numStates: number;
  /** Where the subspace's new strings came from; absent in rows stored before it was counted. */
  provenance?: { sampled: number; recovered: number; handover: number };
  iterations: number;
  seconds: number;
  /** Wall time of the CASCI reference within `seconds` (0 from the cache); null or absent when none was run. */
  referenceSeconds?: number | null;
  /** Why eCasci is null, in the engine's words; null when computed, absent in rows stored before it was kept. */
  referenceSkipReason?: string | null;
  /** The final state's heaviest determinants (the engine's); null or absent in rows stored before they were kept. */
  leadingDeterminants?: LeadingDeterminant[] | null;
  /** The final energy with its second-order correction, an estimate; null or absent where none was computed. */
  perturbativeEstimate?: number | null;
}

/** Kept in columns of their own (0008_result_space); null in rows stored before they were measured. */
export interface RunMeasures {
  /** Determinants of the active space's full CI; null for an RHF-only computation. */
  fullSpaceSize: number | null;
  /** CPU time of the engine's thread; null where the platform offers no per-thread clock. */
  cpuSeconds: number | null;
}

/** One row per engine computation (a cloud job has one, an IQM bond scan one per molecule), in run order. */
export const jobResults = pgTable(
  'job_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    result: jsonb('result').$type<Omit<StoredRunResult, keyof RunMeasures>>().notNull(),
    // bigint: a 30-orbital space holds up to 2.4e16 determinants, past an integer's range.
    fullSpaceSize: bigint('full_space_size', { mode: 'number' }),
    cpuSeconds: doublePrecision('cpu_seconds'),
  },
  (t) => [index('job_results_job_idx').on(t.jobId, t.id)],
);
