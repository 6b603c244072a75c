import {
  DEFAULT_JOB_SORT,
  JOB_MESSAGES,
  deviceRefusal,
  findDevice,
  SCAN_MESSAGES,
  parseJobSort,
  isActiveJobStatus,
  type CancelHybridJobResponse,
  type CreateHybridJobRequest,
  type CreateHybridJobResponse,
  type CreateIqmJobRequest,
  type CreateIqmJobResponse,
  type HybridJob,
  type HybridJobDetailResponse,
  type HybridJobListQuery,
  type HybridJobListResponse,
  type HybridJobLogsResponse,
  type HybridJobMetricsResponse,
  type IqmJob,
  type IqmJobListQuery,
  type IqmJobListResponse,
  type JobResultDocument,
  type JobStatus,
  type PermissionSource,
  type RequestedSource,
} from '@hivqe/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvents } from '../../db/change-events.ts';
import { readFresh } from '../../db/fresh-read.ts';
import type { JobKind, JobRow } from '../../db/schema/jobs.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import type { QuantumBackend } from '../../providers/quantum/backend.ts';
import type { QuantumBackends } from '../../providers/quantum/backends.ts';
import { RUNNER_BACKENDS } from '../../worker/queue.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import type { UserRow } from '../auth/repo.ts';
import { decodePosition, encodePosition } from './cursor.ts';
import { hybridJobDrafts, iqmJobDraft, type JobDraft } from './drafts.ts';
import { submitToken, type CreateAnswer, type IdempotencyService } from '../idempotency/service.ts';
import {
  DEFAULT_MAX_ACTIVE_JOBS_PER_USER,
  DEFAULT_RUNTIME_LIMITS,
  defaultWorkerMemoryMb,
  type JobLimits,
} from './job-limits.ts';
import { chemistryRefusal } from './chemistry-refusal.ts';
import type { JobListCache } from './list-cache.ts';
import { memoryRefusal } from './memory-refusal.ts';
import { presentDetail, presentHybridJob, presentIqmJob, presentLogs, presentPoint } from './presenters.ts';
import type { JobListFilters, JobsRepo } from './repo.ts';
import { presentResult } from './result-document.ts';

export interface JobsServiceDeps {
  repo: JobsRepo;
  users: { findUserByLogin(login: string): Promise<UserRow | undefined> };
  backends: QuantumBackends;
  /** The priorities module's rule: the source a new job is billed to, or a 403 with the reason. */
  permissions: { resolveSource(userId: string, requested?: RequestedSource): Promise<PermissionSource> };
  audit: AuditLog;
  /** The app's Idempotency-Key rule, the one its organization and invitation creates use. */
  idempotency: IdempotencyService;
  /** Pages kept until the jobs table notifies a change to their owner's jobs; absent: every list reads the database. */
  lists?: { cache: JobListCache; changes: ChangeEvents };
  /** Absent: DEFAULT_MAX_ACTIVE_JOBS_PER_USER and a memory budget from this machine with one worker. */
  limits?: JobLimits;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

interface Page<T> {
  jobs: T[];
  next_token: string | null;
}

interface ListRequest {
  max_results: number;
  next_token?: string;
  page?: number;
  filters: JobListFilters;
  sort: ReturnType<typeof parseJobSort>;
}

const NEWEST_FIRST = parseJobSort(DEFAULT_JOB_SORT);

const isDefaultOrder = (sort: ListRequest['sort']) =>
  sort.column === NEWEST_FIRST.column && sort.descending === NEWEST_FIRST.descending;

const listFilters = (query: HybridJobListQuery): JobListFilters => ({
  status: query.status_filter,
  device: query.device,
  region: query.region,
  createdFrom: query.created_from,
  createdTo: query.created_to,
  search: query.q || undefined,
});

/**
 * The job calls: who may see and do what, and which back end does it. A user reaches only their own jobs;
 * someone else's answers 404 as if it did not exist, so ARNs do not leak. A system administrator may also
 * list, read and cancel anyone's.
 */
export class JobsService {
  private readonly now: () => Date;
  private readonly limits: JobLimits;

  constructor(private readonly deps: JobsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.limits = deps.limits ?? {
      maxActivePerUser: DEFAULT_MAX_ACTIVE_JOBS_PER_USER,
      workerMemoryMb: defaultWorkerMemoryMb(1),
    };
  }

  /** One page in the asked order, with how many jobs match (issue 12: the console fetches only what it shows). */
  async listHybrid(user: UserRow, query: HybridJobListQuery): Promise<HybridJobListResponse> {
    const owner = await this.listedUser(user, query.user_id);
    return this.listed(owner, 'hybrid', query, async () => {
      const filters = listFilters(query);
      const sort = parseJobSort(query.sort);
      const { page, matching } = await this.page(
        owner,
        'hybrid',
        { ...query, filters, sort },
        presentHybridJob,
      );
      // Counting scans the user's rows when a search or filter other than status is asked: only when needed.
      const total_count = matching ?? (await this.deps.repo.count(owner.id, 'hybrid', filters));
      return { ...page, total_count };
    });
  }

  /** Creates the request's job (or bond scan) once per Idempotency-Key (`idempotencyKey`), see `once`. */
  createHybrid(
    actor: Actor,
    request: CreateHybridJobRequest,
    idempotencyKey?: string,
  ): Promise<CreateAnswer<CreateHybridJobResponse>> {
    return this.once(actor, 'hybrid', request, idempotencyKey, () => hybridJobDrafts(request, this.now()));
  }

  /** With `refresh`, the back end is asked first (for a remote one, the service's state replaces ours). */
  async hybridJob(user: UserRow, jobArn: string, refresh: boolean): Promise<HybridJob> {
    const job = await this.readable(user, jobArn, 'hybrid');
    if (!refresh) return presentHybridJob(job);
    await this.deps.backends.of(job.backend).refresh(job);
    return presentHybridJob(await this.reread(job));
  }

  async detail(user: UserRow, jobArn: string): Promise<HybridJobDetailResponse> {
    return presentDetail(await this.readable(user, jobArn, 'hybrid'));
  }

  /**
   * The owner, or a system administrator (issue 24 §5: a job holding the runners), cancels: a queued job at
   * once, a running one within a second. The back end changes the job only if no cancel did first, so of
   * simultaneous requests one answers 200 and writes the audit record; the others answer 409 (issue 23 §6).
   */
  async cancel(actor: Actor, jobArn: string): Promise<CancelHybridJobResponse> {
    const job = await this.readable(actor.user, jobArn);
    const outcome = await this.deps.backends.of(job.backend).cancel(job);
    if (outcome === 'ended') throw conflict(JOB_MESSAGES.notCancellable((await this.reread(job)).status));
    await this.deps.audit.record(actor, 'job.cancel', auditTarget(job), {
      status: outcome,
      ...(job.userId === actor.user.id ? {} : { owner_id: job.userId }),
    });
    return { job_arn: job.jobArn, status: outcome };
  }

  async logs(user: UserRow, jobArn: string): Promise<HybridJobLogsResponse> {
    const job = await this.readable(user, jobArn);
    return presentLogs(await this.deps.backends.of(job.backend).logs(job));
  }

  async metrics(user: UserRow, jobArn: string): Promise<HybridJobMetricsResponse> {
    const job = await this.readable(user, jobArn);
    const backend = this.deps.backends.of(job.backend);
    // A completed Braket job's chart is its output archive's history, once read.
    await backend.collectResults?.(job);
    const points = await backend.metrics(job);
    return { job_arn: job.jobArn, points: points.map(presentPoint) };
  }

  /** The cloud job's result document; readable by whoever may read its details. */
  async result(user: UserRow, jobArn: string): Promise<JobResultDocument> {
    return this.resultOf(await this.readable(user, jobArn, 'hybrid'));
  }

  async iqmResult(user: UserRow, id: string): Promise<JobResultDocument> {
    return this.resultOf(this.visible(user, await this.deps.repo.findById(id), 'iqm'));
  }

  /**
   * From what the job stored as it ran (each computation's result and the energy points), a remote back end
   * first bringing in a finished job's results; when it cannot, the document says why.
   */
  private async resultOf(job: JobRow): Promise<JobResultDocument> {
    const backend = this.deps.backends.of(job.backend);
    const unavailable = (await backend.collectResults?.(job)) ?? null;
    const [stored, points, rhf] = await Promise.all([
      this.deps.repo.runResults(job.id),
      backend.metrics(job),
      this.deps.repo.runningRhf(job),
    ]);
    return presentResult(job, stored, points.map(presentPoint), { unavailable, rhf });
  }

  async listIqm(user: UserRow, query: IqmJobListQuery): Promise<IqmJobListResponse> {
    return this.listed(user, 'iqm', query, async () => {
      return (await this.page(user, 'iqm', { ...query, filters: {}, sort: NEWEST_FIRST }, presentIqmJob))
        .page;
    });
  }

  async iqmJob(user: UserRow, id: string): Promise<IqmJob> {
    const job = await this.deps.repo.findById(id);
    return presentIqmJob(this.visible(user, job, 'iqm'));
  }

  createIqm(
    actor: Actor,
    request: CreateIqmJobRequest,
    idempotencyKey?: string,
  ): Promise<CreateAnswer<CreateIqmJobResponse>> {
    return this.once(actor, 'iqm', request, idempotencyKey, () => [iqmJobDraft(request, this.now())]);
  }

  /**
   * A create with an Idempotency-Key runs once per user and key: a retry with the same body answers the first
   * response again (`replayed`) and creates nothing; the back end's client tokens derive from the key.
   */
  private once(
    actor: Actor,
    kind: JobKind,
    request: CreateHybridJobRequest | CreateIqmJobRequest,
    idempotencyKey: string | undefined,
    drafts: () => JobDraft[],
  ): Promise<CreateAnswer<CreateHybridJobResponse>> {
    const creation = { userId: actor.user.id, key: idempotencyKey, scope: `${kind} jobs`, body: request };
    return this.deps.idempotency.once(creation, async () => ({
      statusCode: 201,
      body: await this.create(actor, drafts(), idempotencyKey),
    }));
  }

  /**
   * Stores and submits jobs billed to a permission source valid now (the payload's, else the user's active
   * one): one, or a bond scan's. Every job is checked before anything is stored, so one refused molecule
   * refuses the whole scan; the jobs and their audit records are stored together, within the user's active
   * limit as a whole.
   */
  private async create(
    actor: Actor,
    drafts: readonly JobDraft[],
    idempotencyKey: string | undefined,
  ): Promise<CreateHybridJobResponse> {
    const [first] = drafts;
    const maxRuntimeS = this.maxRuntime(first.maxRuntimeS);
    const source = await this.deps.permissions.resolveSource(actor.user.id, first.permissionSource);
    const backend = this.deps.backends.current(first.kind);
    const onRunners = RUNNER_BACKENDS.includes(backend.name);
    for (const draft of drafts) await this.checkRunnable(draft, backend, onRunners, actor.user.id);
    const jobs = await this.deps.repo.transaction(async (repo) => {
      if (onRunners) await this.checkActiveLimit(repo, actor.user.id, drafts.length);
      const stored: JobRow[] = [];
      for (const draft of drafts) {
        const job = await repo.insert({
          id: draft.id,
          jobArn: backend.jobArn(draft.region, draft.resource),
          jobName: draft.jobName,
          userId: actor.user.id,
          kind: draft.kind,
          backend: backend.name,
          status: backend.initialStatus,
          device: draft.device,
          hyperparameters: draft.hyperparameters,
          instanceConfig: draft.instanceConfig,
          tags: draft.tags,
          permissionSource: source,
          scanId: draft.scan?.id ?? null,
          scanName: draft.scan?.name ?? null,
          maxRuntimeS,
        });
        await this.deps.audit.within(repo).record(actor, 'job.create', auditTarget(job), {
          kind: job.kind,
          backend: job.backend,
          device: job.device,
          permission_source: source.type,
          organization_id: source.organization_id,
          billed_to: source.billed_to,
          ...(draft.scan ? { scan_id: draft.scan.id } : {}),
        });
        stored.push(job);
      }
      return stored;
    });
    await this.submitAll(backend, jobs, (index) =>
      idempotencyKey === undefined ? undefined : submitToken(actor.user.id, idempotencyKey, index),
    );
    const created = jobs.map((job) => ({ job_arn: job.jobArn, status: job.status }));
    const { scan } = first;
    return {
      ...created[0],
      ...(scan ? { scan: { scan_id: scan.id, scan_name: scan.name, jobs: created } } : {}),
    };
  }

  /** The job's time limit: the payload's, at most the operator's ceiling (else 400), or the operator's default. */
  private maxRuntime(requested: number | undefined): number {
    const { defaultS, ceilingS } = this.limits.maxRuntime ?? DEFAULT_RUNTIME_LIMITS;
    if (requested !== undefined && requested > ceilingS)
      throw badRequest(JOB_MESSAGES.runtimeAboveCeiling(ceilingS));
    return requested ?? defaultS;
  }

  /**
   * Submits the jobs in order. A back end that refuses one removes it (Braket's CreateJob); the jobs after it,
   * never submitted, are removed too, so none waits for a submission that will not come. Those before it run.
   */
  private async submitAll(
    backend: QuantumBackend,
    jobs: readonly JobRow[],
    clientToken: (index: number) => string | undefined,
  ): Promise<void> {
    for (const [index, job] of jobs.entries()) {
      try {
        await backend.submit(job, { clientToken: clientToken(index) });
      } catch (error) {
        await this.deps.repo.remove(jobs.slice(index + 1).map((unsent) => unsent.id));
        throw error;
      }
    }
  }

  /** Refuses, with a 400 and the reason, a job its back end, this server's runners or the engine cannot run. */
  private async checkRunnable(
    draft: JobDraft,
    backend: QuantumBackend,
    onRunners: boolean,
    userId: string,
  ): Promise<void> {
    // The forms' own rule and words, on every back end: the local engine would run any device, but the job
    // names one that cannot take it. IQM Resonance's computers are not among the cloud devices: no rule.
    const device = findDevice(draft.device);
    const unavailable = device && deviceRefusal(device, this.now());
    if (unavailable) throw badRequest(unavailable);
    const refusal = await backend.refusal(draft.kind, draft.hyperparameters, userId);
    if (refusal) throw badRequest(refusal);
    const instanceType = draft.instanceConfig?.instanceType;
    const unrunnable = instanceType === undefined ? null : backend.instanceRefusal?.(instanceType);
    if (unrunnable) throw badRequest(unrunnable);
    const unchemical = chemistryRefusal(draft.kind, draft.hyperparameters, draft.scan !== null);
    if (unchemical) throw badRequest(unchemical);
    // Braket jobs run in the customer's own account; only jobs on this server's runners share its capacity.
    const tooLarge =
      onRunners && memoryRefusal(draft.kind, draft.hyperparameters, backend.name, this.limits.workerMemoryMb);
    if (tooLarge) throw badRequest(tooLarge);
  }

  /**
   * A user whose `adding` jobs would take them past MAX_ACTIVE_JOBS_PER_USER gets a 429 and none is stored; the
   * lock makes simultaneous creates count one by one.
   */
  private async checkActiveLimit(repo: JobsRepo, userId: string, adding: number): Promise<void> {
    await repo.lockOwner(userId);
    const limit = this.limits.maxActivePerUser;
    const active = await repo.countActive(userId, RUNNER_BACKENDS);
    if (active + adding <= limit) return;
    throw tooManyRequests(
      adding === 1
        ? JOB_MESSAGES.tooManyActiveJobs(limit)
        : SCAN_MESSAGES.tooManyActiveJobs(limit, active, adding),
      undefined,
      'too_many_active_jobs',
    );
  }

  /** Whose jobs a list shows: the caller's, or with user_id (e-mail or username) anyone's for an admin. */
  private async listedUser(user: UserRow, login: string | undefined): Promise<UserRow> {
    if (login === undefined || login.toLowerCase() === user.email || login === user.username) return user;
    if (!user.isSystemAdmin) throw forbidden(JOB_MESSAGES.otherUsersJobs);
    const owner = await this.deps.users.findUserByLogin(login);
    if (!owner) throw notFound(JOB_MESSAGES.userNotFound);
    return owner;
  }

  /**
   * The page `read` gives, or the same page kept in the list cache when none of the owner's jobs changed since it
   * was read (issue 27: the list is the screen the console opens first and polls). A remote back end's active
   * jobs are asked about on every list (refreshListed), so a page holding one is never kept.
   */
  private listed<T extends Page<{ status: JobStatus }>>(
    owner: UserRow,
    kind: JobKind,
    query: HybridJobListQuery | IqmJobListQuery,
    read: () => Promise<T>,
  ): Promise<T> {
    const lists = this.deps.lists;
    if (!lists) return read();
    // The kind leads the key, so a key holds one kind's pages only.
    const key = `${kind} ${JSON.stringify(query)}`;
    const refreshed = this.deps.backends.current(kind).refreshMany !== undefined;
    const entry = {
      get: () => lists.cache.get(owner.id, key) as T | undefined,
      mark: () => lists.cache.mark(),
      put: (page: T, mark: number) => {
        if (refreshed && page.jobs.some((job) => isActiveJobStatus(job.status))) return;
        lists.cache.put(owner.id, key, page, page.jobs.length, mark);
      },
    };
    return readFresh(entry, lists.changes, read);
  }

  /**
   * Keyset paging (next_token) in the default order; in any other order, or with `page`, an offset (a
   * next_token then carries it). `matching` is how many jobs match when the page tells: it ends the list and
   * its place in it is known (an offset, with jobs on the page or at the top).
   */
  private async page<T>(
    owner: UserRow,
    kind: JobKind,
    query: ListRequest,
    present: (job: JobRow) => T,
  ): Promise<{ page: Page<T>; matching?: number }> {
    if (query.page !== undefined && query.next_token !== undefined)
      throw badRequest(JOB_MESSAGES.pageWithToken);
    const from = query.next_token === undefined ? undefined : decodePosition(query.next_token);
    if (query.next_token !== undefined && from === undefined) throw badRequest(JOB_MESSAGES.invalidNextToken);
    const keyset = query.page === undefined && isDefaultOrder(query.sort);
    if (from !== undefined && 'createdAt' in from !== keyset) throw badRequest(JOB_MESSAGES.invalidNextToken);
    const offset = from && 'offset' in from ? from.offset : ((query.page ?? 1) - 1) * query.max_results;
    const rows = await this.deps.repo.page({
      userId: owner.id,
      kind,
      filters: query.filters,
      sort: query.sort,
      after: from && 'createdAt' in from ? from : undefined,
      offset: keyset ? undefined : offset,
      limit: query.max_results + 1,
    });
    const jobs = rows.slice(0, query.max_results);
    await this.refreshListed(kind, jobs);
    const last = jobs.at(-1);
    const more = rows.length > query.max_results && last !== undefined;
    const next = keyset ? last?.position : { offset: offset + query.max_results };
    const placed = !(from && 'createdAt' in from) && (jobs.length > 0 || offset === 0);
    return {
      page: { jobs: jobs.map(present), next_token: more && next ? encodePosition(next) : null },
      matching: !more && placed ? offset + jobs.length : undefined,
    };
  }

  /**
   * A remote back end's news for the listed jobs, in bulk (Braket's SearchJobs). A failure leaves the stored
   * states: a list still answers when the service throttles or refuses, and X-Force-Refresh on a job says why.
   */
  private async refreshListed(kind: JobKind, jobs: JobRow[]): Promise<void> {
    try {
      await this.deps.backends.current(kind).refreshMany?.(jobs);
    } catch (error) {
      this.deps.log?.warn({ err: error }, 'could not refresh the listed jobs; answering with stored states');
    }
  }

  private async readable(user: UserRow, jobArn: string, kind?: JobKind): Promise<JobRow> {
    return this.visible(user, await this.deps.repo.findByArn(jobArn), kind);
  }

  private visible(user: UserRow, job: JobRow | undefined, kind?: JobKind): JobRow {
    const mayRead = job !== undefined && (job.userId === user.id || user.isSystemAdmin);
    if (!mayRead || (kind !== undefined && job.kind !== kind)) throw notFound(JOB_MESSAGES.notFound);
    return job;
  }

  private async reread(job: JobRow): Promise<JobRow> {
    const current = await this.deps.repo.findById(job.id);
    if (!current) throw notFound(JOB_MESSAGES.notFound);
    return current;
  }
}

export const auditTarget = (job: JobRow) => ({ type: 'job' as const, id: job.jobArn, label: job.jobName });
