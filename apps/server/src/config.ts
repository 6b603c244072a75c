import path from 'node:path';
import { BRAKET_EXECUTION_ROLE_NAME, MARKETPLACE_MODES, MAX_RUNTIME_S, MIN_RUNTIME_S } from '@hivqe/contract';
import { z } from 'zod';
import { DEFAULT_MAX_ACTIVE_JOBS_PER_USER, DEFAULT_RUNTIME_LIMITS } from './modules/jobs/job-limits.ts';
import {
  BRAKET_LIMITS,
  CONTAINER_IMAGE_MESSAGE,
  CONTAINER_IMAGE_URI,
} from './providers/quantum/braket/braket-limits.ts';
import { trustProxySetting } from './startup/trust-proxy.ts';

const optionalUrl = z.url().optional();
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the server reads, parsed once at start. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Absent: loopback while mail stays in the outbox (no SMTP_URL), every interface once SMTP is set. */
  HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** The reverse proxies whose X-Forwarded-For is believed for the client's IP; absent: none. */
  TRUST_PROXY: trustProxySetting,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  SMTP_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  MAIL_FROM: z.string().default('HI-VQE Console <no-reply@hivqe.local>'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('admin@hivqe.local')),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  INTERNAL_EMAIL_DOMAIN: z.preprocess(emptyAsUndefined, z.string().optional()),
  COMPANY_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9_]+$/i)
      .default('qunova'),
  ),
  SECRETS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i)
      .optional(),
  ),
  /** local: the embedded marketplace with simulated subscriptions; aws: AWS Marketplace SaaS. */
  MARKETPLACE: z.enum(MARKETPLACE_MODES).default('local'),
  /** The product's AWS Marketplace product code; required with MARKETPLACE=aws. */
  MARKETPLACE_PRODUCT_CODE: z.preprocess(emptyAsUndefined, z.string().max(255).optional()),
  /** The SQS queue subscribed to the marketplace's SNS topics; absent: no notification poller. */
  MARKETPLACE_SQS_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** The platform's own AWS account: the principal customers' access roles trust. */
  PLATFORM_AWS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{12}$/, 'must be 12 digits')
    .default('000000000000'),
  /** The region of the platform's own AWS clients (STS, SQS). */
  AWS_REGION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/)
      .default('us-east-1'),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * The longest one SQL statement may run on PostgreSQL before the server cancels it (a lock held by a stuck
   * session, a runaway query); the request then answers 503 instead of hanging.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Jobs the local engine runs at once in this process; 0: this process runs none (API only). */
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Where new hybrid jobs run: the built-in engine, or Amazon Braket in each user's own account. */
  JOB_BACKEND: z.enum(['local', 'braket']).default('local'),
  /** The ECR image Braket jobs run; required with JOB_BACKEND=braket. */
  BRAKET_CONTAINER_IMAGE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(BRAKET_LIMITS.containerImageLength, CONTAINER_IMAGE_MESSAGE)
      .regex(CONTAINER_IMAGE_URI, CONTAINER_IMAGE_MESSAGE)
      .optional(),
  ),
  /**
   * Every AWS call's bounds (providers/aws/client-config.ts): the longest wait for a connection and for one
   * attempt's answer, and the attempts (with backoff) before the request fails with 504 or the service's error.
   */
  AWS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  AWS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  AWS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /**
   * Tests only: Braket, S3 and CloudWatch Logs of the customers' accounts at this URL (the local AWS stand-in)
   * instead of AWS. STS is not redirected.
   */
  BRAKET_ENDPOINT_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** The job's execution role in the customer's account, as path and name after `role/`. */
  BRAKET_EXECUTION_ROLE_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-zA-Z_0-9+=,.@\-_/]+$/)
      .default(BRAKET_EXECUTION_ROLE_NAME),
  ),
  /**
   * IQM Resonance's IQM Server root (API v1; e.g. https://resonance.iqm.tech, not the retired `cocos.` host):
   * when set, IQM jobs draw their shots from the user's quantum computer there with their API key; unset,
   * they run wholly on the local engine.
   */
  IQM_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** How often a running IQM job's status is polled. */
  IQM_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** One request to IQM Resonance, answer included, before it counts as lost (and is retried). */
  IQM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The longest one call to IQM Resonance may spend riding out 429, 5xx and lost connections. */
  IQM_RETRY_BUDGET_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** The first wait before asking IQM again; it doubles with each attempt (with jitter), up to 30 s. */
  IQM_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  /** The longest an IQM job may wait in IQM's queue before the run ends FAILED; unset: no limit. */
  IQM_QUEUE_DEADLINE_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  /** The account in the ARNs of local jobs. */
  LOCAL_ACCOUNT_ID: z
    .string()
    .regex(/^\d{12}$/, 'must be 12 digits')
    .default('000000000000'),
  /** How long a runner's claim on a job holds without a heartbeat; then the sweeper frees the job. */
  JOB_LEASE_MS: z.coerce.number().int().min(2000).max(600_000).default(10_000),
  /** How often a runner renews its leases and notices cancel requests made in other processes. */
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(50).max(500).default(250),
  /** Runs of a job whose engine crashed (the job's own failure) before it is failed rather than retried. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  /** Runs of a job lost with its worker (lease expired: kill, crash, pause) before it is failed. */
  JOB_MAX_LOST_RUNS: z.coerce.number().int().min(1).max(1000).default(10),
  /** Queued and running jobs one user may have on the local runners at once; past it, creation answers 429. */
  MAX_ACTIVE_JOBS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(DEFAULT_MAX_ACTIVE_JOBS_PER_USER),
  /** A job's time limit (seconds) when its payload names none; past it the job ends FAILED (issue 24 §5). */
  JOB_MAX_RUNTIME_DEFAULT_S: z.coerce
    .number()
    .int()
    .min(MIN_RUNTIME_S)
    .max(MAX_RUNTIME_S)
    .default(DEFAULT_RUNTIME_LIMITS.defaultS),
  /** The longest max_runtime a payload may ask for; more is refused with 400. */
  JOB_MAX_RUNTIME_CEILING_S: z.coerce
    .number()
    .int()
    .min(MIN_RUNTIME_S)
    .max(MAX_RUNTIME_S)
    .default(DEFAULT_RUNTIME_LIMITS.ceilingS),
  /** MB one local or IQM job may need (engine's estimate); larger ones are refused. Absent: RAM / 2 / WORKERS. */
  WORKER_MEMORY_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(256).max(16_777_216).optional(),
  ),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; dataDir: string; host: string };

export class ConfigError extends Error {}

/** The configuration of a process about to start; an invalid one stops it with the message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Parses the environment; an invalid variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.MARKETPLACE === 'aws' && !config.MARKETPLACE_PRODUCT_CODE) {
    throw new ConfigError(
      'Invalid configuration:\n  MARKETPLACE_PRODUCT_CODE: required when MARKETPLACE=aws',
    );
  }
  if (config.JOB_MAX_RUNTIME_DEFAULT_S > config.JOB_MAX_RUNTIME_CEILING_S) {
    throw new ConfigError(
      'Invalid configuration:\n  JOB_MAX_RUNTIME_DEFAULT_S: must not exceed JOB_MAX_RUNTIME_CEILING_S',
    );
  }
  if (config.JOB_BACKEND === 'braket' && !config.BRAKET_CONTAINER_IMAGE) {
    throw new ConfigError(
      'Invalid configuration:\n  JOB_BACKEND: braket needs BRAKET_CONTAINER_IMAGE, the ECR image Braket jobs run',
    );
  }
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    // The outbox holds every code and invitation link: without SMTP, only this machine reaches the server.
    host: config.HOST ?? (config.SMTP_URL ? '0.0.0.0' : 'localhost'),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
