import { randomBytes } from 'node:crypto';
import {
  BraketClient,
  CancelJobCommand,
  CreateJobCommand,
  GetJobCommand,
  SearchJobsCommand,
  _InstanceType,
  type GetJobResponse,
} from '@aws-sdk/client-braket';
import {
  CloudWatchLogsClient,
  DescribeLogStreamsCommand,
  GetLogEventsCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import { S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import {
  accountDigits,
  BRAKET_LINE_TERMINATOR,
  braketInstanceRefusal,
  isTerminalJobStatus,
  jobIdFromArn,
  JOB_ID_TAG,
  JOB_STATUSES,
  jobOutputS3Path,
  serviceBucketName,
  SETTINGS_MESSAGES,
  type JobStatus,
} from '@hivqe/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jobs, type JobKind, type JobRow } from '../../../db/schema/jobs.ts';
import { badRequest, notFound } from '../../../lib/http-errors.ts';
import type { CloudAccount } from '../../../modules/account/service.ts';
import { awsClientConfig, s3ClientConfig, type AwsCallSettings } from '../../aws/client-config.ts';
import type {
  CancelOutcome,
  EnergyPoint,
  JobLogEvent,
  JobLogs,
  QuantumBackend,
  SubmitOptions,
} from '../backend.ts';
import { awsHttpError, type AwsCallTarget } from './aws-errors.ts';
import { BRAKET_LIMITS } from './braket-limits.ts';
import { BraketOutputRepo } from './braket-output-repo.ts';
import { energyPointsFromLogs } from './log-metrics.ts';
import { fetchJobOutput, runPoints, storedRun } from './s3-job-output.ts';

/** STS's shortest session: every call assumes the role afresh, so nothing long-lived is held. */
export const SESSION_SECONDS = 900;
export const LOG_GROUP = '/aws/braket/jobs';
/** The most log events read for one answer (CloudWatch answers up to 10,000 a page). */
export const MAX_LOG_EVENTS = 10_000;
const MAX_LOG_PAGES = 50;
/** SearchJobs' largest page. */
const SEARCH_PAGE_SIZE = 100;
/**
 * The most SearchJobs pages one refreshMany reads for a region: 2,000 jobs created since the oldest unfinished
 * one. Each page is a round trip inside a list request and counts against Braket's request rate in the user's
 * account, so a user with thousands of recent jobs is not paged through on every list; a job not reached stays
 * as stored until a later list or its own X-Force-Refresh (GetJob).
 */
export const MAX_SEARCH_PAGES = 20;
/**
 * How far before the oldest stored `created_at` the search starts. The database stamps the row before CreateJob
 * is sent, so Braket's time is later unless the two clocks disagree; the margin absorbs that, and costs no more
 * than the few jobs created within it.
 */
const SEARCH_CLOCK_MARGIN_MS = 15 * 60_000;
const DEFAULT_INSTANCE = { instanceType: 'ml.m5.large', volumeSizeInGb: 30, instanceCount: 1 };

export interface BraketBackendDeps {
  db: Db;
  /** The account module's rule: the user's own account, role and external id, or 404. */
  accounts: { cloudAccountFor(userId: string): Promise<CloudAccount> };
  /** BRAKET_CONTAINER_IMAGE: the ECR image jobs run. */
  containerImage: string;
  /** BRAKET_EXECUTION_ROLE_NAME: the job's role in the customer's account (path and name). */
  executionRoleName: string;
  /** The platform's account: the provisional ARN of a job until Braket names it. */
  platformAccountId: string;
  /** Region of the platform's STS client (AWS_REGION). */
  stsRegion: string;
  /** Timeouts, attempts and (tests) the stand-in's endpoint of every AWS call; absent: AWS_CALL_DEFAULTS. */
  calls?: Partial<AwsCallSettings>;
}

interface Session {
  braket: BraketClient;
  logs: CloudWatchLogsClient;
  s3: S3Client;
  account: CloudAccount;
}

/**
 * What Braket said of a job: GetJob's answer, or a SearchJobs summary. A summary has no failure reason, but only
 * a FAILED job has one, and refreshMany asks GetJob about those.
 */
type BraketJobState = Pick<GetJobResponse, 'status' | 'startedAt' | 'endedAt' | 'failureReason'>;

/**
 * Amazon Braket Hybrid Jobs in the customer's own account. Every call assumes the user's access role with their
 * external id (STS AssumeRole) and talks to Braket and CloudWatch Logs in the job's region with the temporary
 * credentials. The row keeps what Braket last said (status, times, failure reason); Braket's job ARN becomes the
 * job's ARN once it accepts the job.
 */
export class BraketBackend implements QuantumBackend {
  readonly name = 'braket';
  readonly initialStatus = 'QUEUED';
  private readonly sts: STSClient;
  private readonly output: BraketOutputRepo;
  /** The archive readings under way in this process, by job id. */
  private readonly collecting = new Map<string, Promise<string | null>>();

  constructor(private readonly deps: BraketBackendDeps) {
    this.sts = new STSClient(awsClientConfig({ region: deps.stsRegion, calls: deps.calls }));
    this.output = new BraketOutputRepo(deps.db);
  }

  /** Provisional: in the platform's account until CreateJob answers with Braket's own ARN. */
  jobArn(region: string, resource: string): string {
    return `arn:aws:braket:${region}:${this.deps.platformAccountId}:job/${resource}`;
  }

  async refusal(kind: JobKind, hyperparameters: Readonly<Record<string, string>>): Promise<string | null> {
    if (kind !== 'hybrid') return 'Amazon Braket runs hybrid jobs only';
    const entries = Object.entries(hyperparameters);
    if (entries.length > BRAKET_LIMITS.hyperparameters) {
      return `Amazon Braket takes at most ${BRAKET_LIMITS.hyperparameters} hyperparameters`;
    }
    for (const [name, value] of entries) {
      if (
        value.length === 0 ||
        value.length > BRAKET_LIMITS.hyperparameterLength ||
        BRAKET_LINE_TERMINATOR.test(value)
      ) {
        return `Hyperparameter ${name} must be one line of 1 to ${BRAKET_LIMITS.hyperparameterLength} characters`;
      }
    }
    return null;
  }

  /** Braket runs its ml.* types only (its InstanceType); the message names the nearest one. */
  instanceRefusal(instanceType: string): string | null {
    return (
      braketInstanceRefusal(instanceType) ??
      (isSdkInstanceType(instanceType) ? null : unknownType(instanceType))
    );
  }

  /**
   * CreateJob in the user's account. Until Braket accepts the job nothing runs, so a refusal (no settings, a
   * denied role, throttling, validation) removes the stored row and answers the error. Once accepted, the row
   * (and `job`, which the jobs module answers with) takes Braket's ARN, the execution role and the output path.
   * The client token is the request's (derived from its Idempotency-Key) or the job's id: a CreateJob retried
   * after a timeout, whose first attempt Braket may have taken, names the same job.
   */
  async submit(job: JobRow, options: SubmitOptions = {}): Promise<void> {
    let accepted: { jobArn: string; roleArn: string; s3Path: string };
    try {
      const session = await this.session(job);
      const { account } = session;
      // Braket's name for the job is its ARN's last segment; the name its owner chose is ours to keep.
      const jobName = braketJobName(jobIdFromArn(job.jobArn));
      const s3Path = jobOutputS3Path(serviceBucketName(this.region(job), account.accountId), jobName);
      const roleArn = `arn:aws:iam::${accountDigits(account.accountId)}:role/${this.deps.executionRoleName}`;
      const instance = job.instanceConfig ?? DEFAULT_INSTANCE;
      // The jobs module asked instanceRefusal before storing the job; this keeps the SDK's type honest.
      const { instanceType } = instance;
      if (!isSdkInstanceType(instanceType)) throw badRequest(unknownType(instanceType));
      const answer = await guarded('Amazon Braket', () =>
        session.braket.send(
          new CreateJobCommand({
            jobName,
            clientToken: options.clientToken ?? job.id,
            roleArn,
            algorithmSpecification: { containerImage: { uri: this.deps.containerImage } },
            hyperParameters: { ...job.hyperparameters },
            deviceConfig: { device: job.device },
            instanceConfig: {
              instanceType,
              volumeSizeInGb: instance.volumeSizeInGb,
              instanceCount: instance.instanceCount,
            },
            outputDataConfig: { s3Path },
            stoppingCondition: { maxRuntimeInSeconds: BRAKET_LIMITS.maxRuntimeSeconds },
            tags: { ...job.tags, [JOB_ID_TAG]: job.id },
          }),
        ),
      );
      if (!answer.jobArn) throw awsHttpError(new Error('CreateJob answered no job ARN'), 'Amazon Braket');
      // The role Braket runs the job with, not the access role this server assumed to create it.
      accepted = { jobArn: answer.jobArn, roleArn, s3Path };
    } catch (error) {
      await this.deps.db.delete(jobs).where(eq(jobs.id, job.id));
      throw error;
    }
    const [row] = await this.deps.db
      .update(jobs)
      .set({
        jobArn: accepted.jobArn,
        roleArn: accepted.roleArn,
        outputDataConfig: { s3Path: accepted.s3Path },
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, job.id))
      .returning();
    Object.assign(job, row);
  }

  /** GetJob: Braket's status (CANCELLING included), times and failure reason replace the stored ones. */
  async refresh(job: JobRow): Promise<void> {
    await this.fetch(await this.session(job), job);
  }

  /**
   * Brings a page of one user's stored jobs up to date with SearchJobs instead of a GetJob each. Only this back
   * end's unfinished jobs in the user's current account are asked about; for each region, one session and
   * SearchJobs pages (createdAt ≥ the oldest one's creation less a margin) until every one is found, the pages
   * run out or MAX_SEARCH_PAGES. A found job's row (and the `JobRow` given) take Braket's status and times, as
   * `refresh` stores them; a job found FAILED also gets one GetJob, since the summary has no failure reason and
   * the job is not asked about again. A job not found stays as it was. AWS errors leave as from `refresh`.
   */
  async refreshMany(page: JobRow[]): Promise<void> {
    const byRegion = new Map<string, JobRow[]>();
    for (const job of page) {
      if (job.backend !== this.name || isTerminalJobStatus(job.status)) continue;
      // Every job of a user shares one session (their role); the region picks the endpoint.
      const key = `${job.userId} ${this.region(job)}`;
      byRegion.set(key, [...(byRegion.get(key) ?? []), job]);
    }
    await Promise.all([...byRegion.values()].map((group) => this.searchAndStore(group)));
  }

  /** CancelJob answers CANCELLING or CANCELLED; a job Braket has already ended is 'ended'. */
  async cancel(job: JobRow): Promise<CancelOutcome> {
    if (isTerminalJobStatus(job.status)) return 'ended';
    const session = await this.session(job);
    let outcome: CancelOutcome;
    try {
      const answer = await session.braket.send(new CancelJobCommand({ jobArn: job.jobArn }));
      outcome = answer.cancellationStatus === 'CANCELLED' ? 'CANCELLED' : 'CANCELLING';
    } catch (error) {
      // Braket answers a conflict for a job that has ended: bring the row up to date and say so.
      if (error instanceof Error && error.name === 'ConflictException') {
        await this.fetch(session, job);
        return 'ended';
      }
      throw awsHttpError(error, 'Amazon Braket');
    }
    // Of simultaneous cancels, the one that moves the stored job out of its active status answers (issue 23 §6).
    const changed = await this.deps.db
      .update(jobs)
      .set({ status: outcome, updatedAt: new Date() })
      .where(and(eq(jobs.id, job.id), notInArray(jobs.status, ['CANCELLING', 'CANCELLED'])))
      .returning({ id: jobs.id });
    return changed.length === 1 ? outcome : 'ended';
  }

  /**
   * Every instance's stream (`{name}/algo-N-…`; older jobs `{name}`, the name being Braket's: the ARN's last
   * segment) from the start, merged by time into the job's first MAX_LOG_EVENTS events. `streamName` is the
   * first stream's name (instance algo-1), the one the console shows.
   */
  async logs(job: JobRow): Promise<JobLogs> {
    const session = await this.session(job);
    try {
      const braketName = jobIdFromArn(job.jobArn);
      const names = await this.streamNames(session.logs, braketName);
      const streams: JobLogEvent[][] = [];
      // One stream after another: GetLogEvents has a small per-account rate, and a job has few instances.
      for (const name of names) streams.push(await this.readStream(session.logs, name));
      return {
        streamName: names[0] ?? `${braketName}/algo-1`,
        events: mergeByTime(streams).slice(0, MAX_LOG_EVENTS),
      };
    } catch (error) {
      throw awsHttpError(error, 'job logs');
    }
  }

  /**
   * A completed job's history as collectResults stored it from its output archive; until then, or when the
   * archive cannot be read, the energy points of the `Metrics - …` lines of every stream of the job.
   */
  async metrics(job: JobRow): Promise<EnergyPoint[]> {
    const stored = await this.output.points(job.id);
    if (stored.length > 0) return stored;
    const { events } = await this.logs(job);
    return energyPointsFromLogs(events, job.hyperparameters.exact_energy);
  }

  /**
   * A COMPLETED job's results, read once from `output/model.tar.gz` under its output path with the user's
   * role and stored as a local job's are; the reason when they cannot be read (asked again next time).
   */
  async collectResults(job: JobRow): Promise<string | null> {
    if (job.status !== 'COMPLETED') return null;
    // The monitor asks for the result and the chart at once: one reading of the archive serves both.
    const running = this.collecting.get(job.id);
    if (running) return running;
    const collection = this.collect(job).finally(() => this.collecting.delete(job.id));
    this.collecting.set(job.id, collection);
    return collection;
  }

  private async collect(job: JobRow): Promise<string | null> {
    if (await this.output.hasResult(job.id)) return null;
    let session: Session;
    try {
      session = await this.session(job);
    } catch (error) {
      return `The job's results could not be read: ${awsHttpError(error, 'access role').message}`;
    }
    const output = await fetchJobOutput(session.s3, job.outputDataConfig?.s3Path);
    if (!output.ok) return output.reason;
    await this.output.storeOnce(job.id, storedRun(output.run), runPoints(output.run));
    return null;
  }

  /** GetJob with a session already open, its answer stored as Braket's word. */
  private async fetch(session: Session, job: JobRow): Promise<void> {
    const answer = await guarded('Amazon Braket', () =>
      session.braket.send(new GetJobCommand({ jobArn: job.jobArn })),
    );
    await this.store(job, answer);
  }

  /** One region's unfinished jobs of one user, looked for in SearchJobs pages (see refreshMany). */
  private async searchAndStore(group: JobRow[]): Promise<void> {
    const session = await this.session(group[0]);
    // A job left in another account (the settings changed since) or with its provisional ARN cannot be found.
    const account = accountDigits(session.account.accountId);
    const wanted = new Map(
      group.filter((job) => job.jobArn.split(':')[4] === account).map((job) => [job.jobArn, job]),
    );
    if (wanted.size === 0) return;
    // SearchJobs has no status filter, and a jobArn filter takes one ARN and no other filter: search by time.
    const oldest = Math.min(...[...wanted.values()].map((job) => job.createdAt.getTime()));
    const filters = [
      {
        name: 'createdAt',
        operator: 'GTE' as const,
        values: [new Date(oldest - SEARCH_CLOCK_MARGIN_MS).toISOString()],
      },
    ];
    let nextToken: string | undefined;
    for (let pages = 0; pages < MAX_SEARCH_PAGES && wanted.size > 0; pages += 1) {
      const answer = await guarded('Amazon Braket', () =>
        session.braket.send(new SearchJobsCommand({ filters, maxResults: SEARCH_PAGE_SIZE, nextToken })),
      );
      for (const summary of answer.jobs ?? []) {
        const job = wanted.get(summary.jobArn ?? '');
        if (!job) continue;
        wanted.delete(job.jobArn);
        await (summary.status === 'FAILED' ? this.fetch(session, job) : this.store(job, summary));
      }
      nextToken = answer.nextToken;
      if (!nextToken) break;
    }
  }

  /** Stores what Braket said; a time it left out or a status we do not know keeps the stored one. */
  private async store(job: JobRow, said: BraketJobState): Promise<void> {
    const [row] = await this.deps.db
      .update(jobs)
      .set({
        status: knownStatus(said.status) ?? job.status,
        startedAt: said.startedAt ?? job.startedAt,
        endedAt: said.endedAt ?? job.endedAt,
        failureReason: said.failureReason ?? null,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, job.id))
      .returning();
    Object.assign(job, row);
  }

  private region(job: JobRow): string {
    return job.jobArn.split(':')[3] || job.hyperparameters.aws_region;
  }

  /** Assumes the user's access role (their external id) and opens clients in the job's region. */
  private async session(job: JobRow): Promise<Session> {
    const account = await this.deps.accounts.cloudAccountFor(job.userId);
    if (account.externalId === null) throw notFound(SETTINGS_MESSAGES.cloudNotFound);
    const externalId = account.externalId;
    const assumed = await guarded('access role', () =>
      this.sts.send(
        new AssumeRoleCommand({
          RoleArn: account.roleArn,
          RoleSessionName: `hivqe-${job.userId.slice(0, 8)}-${randomBytes(4).toString('hex')}`,
          ExternalId: externalId,
          DurationSeconds: SESSION_SECONDS,
        }),
      ),
    );
    const given = assumed.Credentials;
    if (!given?.AccessKeyId || !given.SecretAccessKey) {
      throw awsHttpError(new Error('AssumeRole answered no credentials'), 'access role');
    }
    const credentials = {
      accessKeyId: given.AccessKeyId,
      secretAccessKey: given.SecretAccessKey,
      sessionToken: given.SessionToken,
      expiration: given.Expiration,
    };
    const options = { region: this.region(job), credentials, calls: this.deps.calls, standIn: true };
    return {
      account,
      braket: new BraketClient(awsClientConfig(options)),
      logs: new CloudWatchLogsClient(awsClientConfig(options)),
      s3: new S3Client(s3ClientConfig(options)),
    };
  }

  /** The job's stream names in instance order (algo-2 before algo-10), every DescribeLogStreams page. */
  private async streamNames(client: CloudWatchLogsClient, jobName: string): Promise<string[]> {
    for (const prefix of [`${jobName}/`, jobName]) {
      const names: string[] = [];
      let nextToken: string | undefined;
      for (let page = 0; page < MAX_LOG_PAGES; page += 1) {
        const answer = await client.send(
          new DescribeLogStreamsCommand({ logGroupName: LOG_GROUP, logStreamNamePrefix: prefix, nextToken }),
        );
        for (const stream of answer.logStreams ?? [])
          if (stream.logStreamName) names.push(stream.logStreamName);
        nextToken = answer.nextToken;
        if (!nextToken) break;
      }
      if (names.length > 0) return names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    }
    return [];
  }

  /** Pages forward from the head until CloudWatch hands the same token back (the end) or the cap. */
  private async readStream(client: CloudWatchLogsClient, streamName: string): Promise<JobLogEvent[]> {
    const events: JobLogEvent[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_LOG_PAGES && events.length < MAX_LOG_EVENTS; page += 1) {
      const answer = await client.send(
        new GetLogEventsCommand({
          logGroupName: LOG_GROUP,
          logStreamName: streamName,
          startFromHead: true,
          nextToken: token,
        }),
      );
      for (const event of answer.events ?? []) {
        if (event.message === undefined) continue;
        events.push({ message: event.message.replace(/\n$/, ''), timestamp: new Date(event.timestamp ?? 0) });
      }
      if (!answer.nextForwardToken || answer.nextForwardToken === token) break;
      token = answer.nextForwardToken;
    }
    return events.slice(0, MAX_LOG_EVENTS);
  }
}

/** An AWS call whose failure leaves as the caller's HTTP error. */
async function guarded<T>(target: AwsCallTarget, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw awsHttpError(error, target);
  }
}

/** The streams' events as one log by time; ties keep stream order, then each stream's own (sort is stable). */
const mergeByTime = (streams: JobLogEvent[][]): JobLogEvent[] =>
  streams.flat().sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());

const SDK_INSTANCE_TYPES: readonly string[] = Object.values(_InstanceType);
const isSdkInstanceType = (value: string): value is _InstanceType => SDK_INSTANCE_TYPES.includes(value);
const unknownType = (instanceType: string) =>
  `Amazon Braket cannot run instance type ${instanceType}: its API does not name it`;

const knownStatus = (status: string | undefined): JobStatus | undefined =>
  (JOB_STATUSES as readonly string[]).includes(status ?? '') ? (status as JobStatus) : undefined;

/** The job's name as Braket takes it: letters, digits and single dashes, at most 50 characters. */
export function braketJobName(name: string): string {
  if (name.length <= BRAKET_LIMITS.jobNameLength && BRAKET_LIMITS.jobName.test(name)) return name;
  const cleaned = name
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, BRAKET_LIMITS.jobNameLength)
    .replace(/-+$/, '');
  return cleaned || `hivqe-${Date.now()}`;
}
