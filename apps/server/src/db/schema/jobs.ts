import type { JobStatus, PermissionSource } from '@hivqe/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
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
    /** Runs started; the sweeper fails a job whose runners were lost this many times. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    // Serves the panels' keyset pages: a user's jobs of one kind, newest first.
    index('jobs_owner_page_idx').on(t.userId, t.kind, sql`${t.createdAt} desc`, sql`${t.id} desc`),
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
    // Serves the per-user limit on active jobs.
    index('jobs_active_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING', 'CANCELLING')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

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
export interface StoredRunResult {
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
  iterations: number;
  seconds: number;
}

/** One row per engine computation (a cloud job has one, an IQM bond scan one per molecule), in run order. */
export const jobResults = pgTable(
  'job_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    result: jsonb('result').$type<StoredRunResult>().notNull(),
  },
  (t) => [index('job_results_job_idx').on(t.jobId, t.id)],
);
