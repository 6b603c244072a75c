import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsError, notFound } from '../protocol/errors.ts';
import type { LogStore } from '../logs/store.ts';
import type { ObjectStore } from '../s3/store.ts';
import { tarGzDirectory } from './tar.ts';

export const JOB_LOG_GROUP = '/aws/braket/jobs';

export type JobStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLING' | 'CANCELLED';

/** A hybrid job as the `runJob` hook receives it: what a Braket job container would be given. */
export interface StandInJob {
  jobArn: string;
  jobName: string;
  /** The CreateJob input as validated. */
  request: Record<string, unknown>;
  deviceArn: string;
  hyperParameters: Record<string, string>;
  /** AMZN_BRAKET_* variables pointing at `dirs`, plus the stand-in's endpoints and dummy credentials. */
  env: Record<string, string>;
  dirs: {
    root: string;
    input: string;
    results: string;
    checkpoints: string;
    hyperParametersFile: string;
    /** Where Braket's containers write why a job failed (/opt/ml/output/failure in the container). */
    failureFile: string;
  };
  /** Appends a line to the job's CloudWatch stream (its stdout/stderr in a real job). */
  log(line: string): void;
  /** Aborted by CancelJob. */
  signal: AbortSignal;
}

interface JobRecord {
  job: StandInJob;
  status: JobStatus;
  createdAt: Date;
  startedAt?: Date;
  endedAt?: Date;
  failureReason?: string;
  outputS3Path: string;
  controller: AbortController;
  finished: Promise<void>;
}

export interface JobSettings {
  region: string;
  accountId: string;
  endpoint(): string;
  runJob?: (job: StandInJob) => Promise<void>;
}

/**
 * Braket's hybrid-job operations. CreateJob starts `runJob` (when given); when it settles the results
 * directory is packed into `<outputDataConfig.s3Path>/output/model.tar.gz` (where the Braket SDK's
 * `AwsQuantumJob.download_result` reads it) and the status becomes COMPLETED, or FAILED with the failure
 * file's text (or the hook's error) as failureReason.
 */
export class HybridJobs {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly byClientToken = new Map<string, string>();
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly s3: ObjectStore,
    private readonly logs: LogStore,
    private readonly settings: JobSettings,
  ) {}

  jobArnForToken(token: string): string | undefined {
    return this.tokens.get(token);
  }

  create(input: Record<string, unknown>): Record<string, unknown> {
    const existing = this.byClientToken.get(input.clientToken as string);
    if (existing) return { jobArn: existing };
    const jobName = input.jobName as string;
    const jobArn = `arn:aws:braket:${this.settings.region}:${this.settings.accountId}:job/${jobName}`;
    if (this.jobs.has(jobArn))
      throw new AwsError('ConflictException', 409, `A job named ${jobName} already exists`);
    const outputS3Path = (input.outputDataConfig as { s3Path: string }).s3Path.replace(/\/$/, '');
    const hyperParameters = (input.hyperParameters as Record<string, string> | undefined) ?? {};
    const deviceArn = (input.deviceConfig as { device: string }).device;
    const root = mkdtempSync(join(tmpdir(), `braket-job-${jobName}-`));
    const dirs = {
      root,
      input: join(root, 'opt/braket/input/data'),
      results: join(root, 'opt/braket/model'),
      checkpoints: join(root, 'opt/jobs/checkpoints'),
      hyperParametersFile: join(root, 'opt/braket/input/config/hyperparameters.json'),
      failureFile: join(root, 'opt/ml/output/failure'),
    };
    for (const dir of [
      dirs.input,
      dirs.results,
      dirs.checkpoints,
      join(root, 'opt/braket/input/config'),
      join(root, 'opt/ml/output'),
    ])
      mkdirSync(dir, { recursive: true });
    writeFileSync(dirs.hyperParametersFile, JSON.stringify(hyperParameters));
    const token = randomUUID();
    this.tokens.set(token, jobArn);
    const stream = `${jobName}/algo-1-${Math.floor(Date.now() / 1000)}`;
    const { bucket, key } = splitS3Uri(outputS3Path);
    const endpoint = this.settings.endpoint();
    const controller = new AbortController();
    const job: StandInJob = {
      jobArn,
      jobName,
      request: input,
      deviceArn,
      hyperParameters,
      dirs,
      env: {
        AMZN_BRAKET_JOB_NAME: jobName,
        AMZN_BRAKET_JOB_TOKEN: token,
        AMZN_BRAKET_DEVICE_ARN: deviceArn,
        AMZN_BRAKET_OUT_S3_BUCKET: bucket,
        // The Braket SDK puts a job's data and tasks side by side: …/<jobName>/<timestamp>/{data,tasks}.
        AMZN_BRAKET_TASK_RESULTS_S3_URI: `${outputS3Path.replace(/\/data$/, '')}/tasks`,
        AMZN_BRAKET_JOB_RESULTS_S3_PATH: s3Key(key, 'output'),
        AMZN_BRAKET_INPUT_DIR: dirs.input,
        AMZN_BRAKET_JOB_RESULTS_DIR: dirs.results,
        AMZN_BRAKET_CHECKPOINT_DIR: dirs.checkpoints,
        AMZN_BRAKET_HP_FILE: dirs.hyperParametersFile,
        AWS_REGION: this.settings.region,
        AWS_DEFAULT_REGION: this.settings.region,
        AWS_ACCESS_KEY_ID: 'stand-in',
        AWS_SECRET_ACCESS_KEY: 'stand-in',
        AWS_ENDPOINT_URL_BRAKET: endpoint,
        AWS_ENDPOINT_URL_S3: endpoint,
        AWS_ENDPOINT_URL_CLOUDWATCH_LOGS: endpoint,
      },
      log: (line) => this.logs.append(JOB_LOG_GROUP, stream, line),
      signal: controller.signal,
    };
    const record: JobRecord = {
      job,
      status: 'QUEUED',
      createdAt: new Date(),
      outputS3Path,
      controller,
      finished: Promise.resolve(),
    };
    this.jobs.set(jobArn, record);
    this.byClientToken.set(input.clientToken as string, jobArn);
    if (this.settings.runJob) record.finished = this.run(record, this.settings.runJob);
    return { jobArn };
  }

  get(input: Record<string, unknown>): Record<string, unknown> {
    const record = this.find(input.jobArn as string);
    const { request } = record.job;
    return {
      ...pick(request, [
        'algorithmSpecification',
        'checkpointConfig',
        'deviceConfig',
        'hyperParameters',
        'inputDataConfig',
        'instanceConfig',
        'outputDataConfig',
        'roleArn',
        'stoppingCondition',
        'tags',
        'associations',
      ]),
      jobArn: record.job.jobArn,
      jobName: record.job.jobName,
      status: record.status,
      createdAt: record.createdAt.toISOString(),
      ...(record.startedAt && { startedAt: record.startedAt.toISOString() }),
      ...(record.endedAt && { endedAt: record.endedAt.toISOString() }),
      ...(record.failureReason && { failureReason: record.failureReason }),
      ...(record.endedAt &&
        record.startedAt && { billableDuration: record.endedAt.getTime() - record.startedAt.getTime() }),
    };
  }

  cancel(input: Record<string, unknown>): Record<string, unknown> {
    const record = this.find(input.jobArn as string);
    if (record.status === 'QUEUED' || record.status === 'RUNNING') {
      record.status = this.settings.runJob ? 'CANCELLING' : 'CANCELLED';
      if (!this.settings.runJob) record.endedAt = new Date();
      record.controller.abort();
    }
    return {
      jobArn: record.job.jobArn,
      cancellationStatus: record.status === 'CANCELLED' ? 'CANCELLED' : 'CANCELLING',
    };
  }

  /** SearchJobs with `jobArn`, `status` or `createdAt`-free filters: EQUAL and CONTAINS on name and status. */
  search(input: Record<string, unknown>): Record<string, unknown> {
    const filters = input.filters as Array<{ name: string; operator: string; values: string[] }>;
    const value = (record: JobRecord, name: string): string | undefined =>
      name === 'jobArn'
        ? record.job.jobArn
        : name === 'status'
          ? record.status
          : name === 'jobName'
            ? record.job.jobName
            : undefined;
    const matching = [...this.jobs.values()].filter((record) =>
      filters.every(({ name, operator, values }) => {
        const actual = value(record, name);
        if (actual === undefined) return true;
        return operator === 'CONTAINS' ? values.some((v) => actual.includes(v)) : values.includes(actual);
      }),
    );
    return {
      jobs: matching.slice(0, (input.maxResults as number | undefined) ?? 100).map((record) => ({
        jobArn: record.job.jobArn,
        jobName: record.job.jobName,
        status: record.status,
        device: record.job.deviceArn,
        createdAt: record.createdAt.toISOString(),
        ...(record.startedAt && { startedAt: record.startedAt.toISOString() }),
        ...(record.endedAt && { endedAt: record.endedAt.toISOString() }),
      })),
    };
  }

  /** Waits for every running job's hook to settle, then removes the jobs' directories. */
  async stop(): Promise<void> {
    for (const record of this.jobs.values()) record.controller.abort();
    await Promise.all([...this.jobs.values()].map((record) => record.finished));
    for (const record of this.jobs.values()) rmSync(record.job.dirs.root, { recursive: true, force: true });
  }

  private find(arn: string): JobRecord {
    const record = this.jobs.get(arn);
    if (!record) throw notFound(`Job ${arn} not found`);
    return record;
  }

  private async run(record: JobRecord, runJob: (job: StandInJob) => Promise<void>): Promise<void> {
    await Promise.resolve();
    record.status = 'RUNNING';
    record.startedAt = new Date();
    let failure: string | undefined;
    try {
      await runJob(record.job);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const { dirs } = record.job;
    if (existsSync(dirs.failureFile)) failure = readFileSync(dirs.failureFile, 'utf8').trim() || failure;
    const { bucket, key } = splitS3Uri(record.outputS3Path);
    if (this.s3.hasBucket(bucket)) {
      this.s3.put(
        bucket,
        s3Key(key, 'output/model.tar.gz'),
        tarGzDirectory(dirs.results),
        'application/x-tar',
      );
    } else {
      failure ??= `ClientError: output bucket ${bucket} does not exist`;
    }
    record.endedAt = new Date();
    if (record.controller.signal.aborted) record.status = 'CANCELLED';
    else if (failure !== undefined) {
      record.status = 'FAILED';
      record.failureReason = failure;
    } else record.status = 'COMPLETED';
  }
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

const s3Key = (prefix: string, rest: string): string => (prefix ? `${prefix}/${rest}` : rest);

export function splitS3Uri(uri: string): { bucket: string; key: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(uri);
  if (!match) throw new Error(`not an s3:// URI: ${uri}`);
  return { bucket: match[1], key: match[2].replace(/\/$/, '') };
}
