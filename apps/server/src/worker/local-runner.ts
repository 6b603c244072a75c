import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { rememberReference, type ReferenceCache } from '@hivqe/engine';
import type { JobBackendName, JobRow } from '../db/schema/jobs.ts';
import type { IqmKeys } from '../modules/account/iqm-keys.ts';
import { estimateMb, jobMemoryEstimate } from '../modules/jobs/memory-refusal.ts';
import type { JobCheckpointRepo } from './job-checkpoints.ts';
import type { JobOutputRepo } from './job-output.ts';
import { sweepLostRunners } from './lease-sweeper.ts';
import { memoryExceeded, threadMemoryLimitMb } from './memory-limit.ts';
import { QUEUE_MESSAGES, RUNNER_BACKENDS, type JobOutcome, type JobQueue } from './queue.ts';
import { armRunDeadline } from './run-deadline.ts';
import { RunOutput } from './run-output.ts';
import { openIqmClient } from './iqm-connection.ts';
import type {
  IqmConnection,
  IqmLimits,
  ThreadCommand,
  ThreadInput,
  ThreadMessage,
} from './thread-protocol.ts';

export interface RunnerTimings {
  /** Jobs run at once. */
  workers: number;
  /** How long a claim holds without a heartbeat. */
  leaseMs: number;
  /** How often held leases are renewed and cancel requests from other processes noticed. */
  heartbeatMs: number;
  /** How often an idle runner looks for queued jobs and sweeps jobs of lost runners. */
  pollMs: number;
  /** Runs of a job whose engine crashed (its own failure) before it is failed rather than run again. */
  maxAttempts: number;
  /** Runs a job may lose with dead or stalled runners (expired leases) before the sweeper fails it. */
  maxLostRuns: number;
}

/** IQM Resonance, for runners that take IQM jobs (IQM_BASE_URL); the key is the job owner's. */
export interface IqmRunnerSettings extends IqmLimits {
  baseUrl: string;
  keys: Pick<IqmKeys, 'keyFor'>;
}

export interface LocalRunnerDeps extends RunnerTimings {
  queue: JobQueue;
  output: JobOutputRepo;
  /** Where each run leaves its checkpoints, and the next run of the job resumes from. */
  checkpoints: JobCheckpointRepo;
  log: FastifyBaseLogger;
  /** Without it the runner takes local jobs only, and IQM jobs wait for a runner that has it. */
  iqm?: IqmRunnerSettings;
  /** The engine thread's memory limit (MB) for a job the engine estimates at `estimateMb`; absent: threadMemoryLimitMb. */
  memoryLimitMb?: (estimateMb: number) => number;
}

/** What the API needs of a runner in its own process: a nudge after a job is queued, and instant cancel. */
export interface RunnerControl {
  wake(): void;
  /** Stops the job at once if this runner holds it; false when it does not. */
  cancel(jobId: string): Promise<boolean>;
}

interface Running {
  job: JobRow;
  thread: Worker;
  output: RunOutput;
  /** Set once the job's outcome is decided; the thread's later events are ignored. */
  ended: boolean;
  /** Resolves when the outcome is stored. */
  stored: Promise<void>;
  /** For a run on IQM Resonance: the owner's connection, opened once at launch. */
  iqm: IqmConnection | undefined;
  /** The IQM job the thread waits on, aborted if the run is stopped first. */
  remoteJob: string | null;
  /** The IQM job's place in IQM's queue, written in the order the thread told it. */
  queuePlace: Promise<void>;
  /** The run's checkpoints and IQM jobs, written in the order the thread told them. */
  checkpointed: Promise<void>;
  /** Resolves when the thread has reported its end (done or failed, an abort included) or has exited. */
  settled: Promise<void>;
  /** Stops watching the job's time limit (run-deadline.ts). */
  disarm: () => void;
}

/** The log's word that a run goes on from an earlier run's checkpoints rather than from the start. */
function resumeLine(resume: NonNullable<ThreadInput['resume']>): string {
  const iterations = resume.reduce(
    (sum, [, stored]) => sum + ((stored.checkpoint as { iteration?: number } | null)?.iteration ?? 0),
    0,
  );
  const iqmJobs = resume.reduce((sum, [, stored]) => sum + Object.keys(stored.iqmJobs).length, 0);
  const last = Math.max(...resume.map(([, stored]) => stored.updatedAt.getTime()));
  const ago = ((Date.now() - last) / 1000).toFixed(1);
  return (
    `Resuming where the last run stopped ${ago} s ago: ${iterations} iteration${iterations === 1 ? '' : 's'} done` +
    (iqmJobs === 0
      ? '.'
      : `, ${iqmJobs} IQM job${iqmJobs === 1 ? '' : 's'} reused rather than submitted again.`)
  );
}

/** How long a thread waiting on IQM Resonance gets to abort its IQM job itself before it is ended. */
const REMOTE_ABORT_GRACE_MS = 3000;

/**
 * The thread's code is TypeScript, so each thread registers tsx before loading it. Node 20 does not apply
 * ESM hooks registered with `--import tsx` in a worker's execArgv to the worker's own modules ("Unknown file
 * extension .ts"); tsx's CommonJS hook runs inside the thread and works under node, tsx and vitest alike.
 * Both paths are resolved from here, whatever the working directory.
 */
const require = createRequire(import.meta.url);
const threadBoot = [
  `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();`,
  `require(${JSON.stringify(fileURLToPath(new URL('./engine-thread.ts', import.meta.url)))});`,
].join('\n');

/** Runs queued local jobs on the engine, each in a worker thread of its own, at most `workers` at once. */
export class LocalRunner implements RunnerControl {
  readonly owner = `runner-${randomUUID()}`;
  private readonly running = new Map<string, Running>();
  /** CASCI references computed by this runner's jobs: a molecule run again skips its reference. */
  private readonly references: ReferenceCache = new Map();
  private timers: ReturnType<typeof setInterval>[] = [];
  private filling: Promise<void> | undefined;
  private refill = false;
  private beating = false;
  private stopped = true;

  constructor(private readonly deps: LocalRunnerDeps) {}

  start(): void {
    this.stopped = false;
    this.timers = [
      setInterval(() => void this.tick(), this.deps.pollMs),
      setInterval(() => void this.beat(), this.deps.heartbeatMs),
    ];
    void this.tick();
  }

  wake(): void {
    if (!this.stopped) void this.fill();
  }

  async cancel(jobId: string): Promise<boolean> {
    const run = this.running.get(jobId);
    if (!run || !this.end(run, { status: 'CANCELLED' }, 'Job cancelled by the user.')) return false;
    await run.stored;
    return true;
  }

  /** Stops claiming, ends the threads and hands their jobs back to the queue (a clean shutdown loses nothing). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    await this.filling;
    await Promise.all(
      [...this.running.values()].map(async (run) => {
        if (run.ended) return run.stored;
        run.ended = true;
        await this.stopThread(run, { keepRemote: true });
        await run.output.flushed();
        await run.checkpointed;
        await this.deps.queue.release(run.job.id, this.owner);
      }),
    );
  }

  private async tick(): Promise<void> {
    try {
      await sweepLostRunners(this.deps.queue, this.deps.maxLostRuns, this.deps.log);
      await this.fill();
    } catch (error) {
      this.deps.log.error({ err: error }, 'job runner tick failed');
    }
  }

  /** One claiming loop at a time; a wake during it makes it look once more. */
  private fill(): Promise<void> {
    this.refill = true;
    this.filling ??= this.claimWhileFree()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'could not claim a job'))
      .finally(() => {
        this.filling = undefined;
      });
    return this.filling;
  }

  private async claimWhileFree(): Promise<void> {
    while (this.refill) {
      this.refill = false;
      while (!this.stopped && this.running.size < this.deps.workers) {
        const job = await this.deps.queue.claim(this.owner, this.deps.leaseMs, this.backends);
        if (!job) break;
        await this.launch(job);
      }
    }
  }

  private get backends(): readonly JobBackendName[] {
    return this.deps.iqm ? RUNNER_BACKENDS : ['local'];
  }

  private async launch(job: JobRow): Promise<void> {
    const { log } = this.deps;
    const output = new RunOutput(job.id, this.deps.output, (error) =>
      log.error({ err: error, job: job.jobArn }, 'could not store job output'),
    );
    const input = await this.threadInput(job).catch((error: unknown) => error as Error);
    if (input instanceof Error) return this.refuse(job, output, input.message);
    const { limitMb } = input.memory;
    // The heap limit bounds the engine's objects; its typed arrays are bounded in the thread (memory-guard.ts).
    const thread = new Worker(threadBoot, {
      eval: true,
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limitMb },
    });
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const run: Running = {
      job,
      thread,
      output,
      ended: false,
      stored: Promise.resolve(),
      iqm: input.iqm,
      remoteJob: null,
      queuePlace: Promise.resolve(),
      checkpointed: Promise.resolve(),
      settled,
      disarm: () => {},
    };
    this.running.set(job.id, run);
    run.disarm = armRunDeadline(job, (reason) =>
      this.end(run, { status: 'FAILED', failureReason: reason }, `Job failed: ${reason}`),
    );
    log.info({ job: job.jobArn, attempt: job.attempts }, 'job started');
    output.log(
      input.iqm
        ? `Job ${job.jobName} started: the HI-VQE loop runs on this server, its shots on IQM Resonance ` +
            `(${input.iqm.computer}) (attempt ${job.attempts}).`
        : `Job ${job.jobName} started on the local HI-VQE engine (attempt ${job.attempts}).`,
    );
    if (input.resume?.length) output.log(resumeLine(input.resume));

    thread.on('message', (message: ThreadMessage) => {
      if (message.type === 'done' || message.type === 'failed') settle();
      if (run.ended) return;
      switch (message.type) {
        case 'log':
          return output.log(message.line);
        case 'iteration':
          return output.metric(message.point);
        case 'result':
          return output.result(message.result);
        case 'reference':
          return rememberReference(this.references, message.key, message.energy);
        case 'remote-job':
          run.remoteJob = message.id;
          return;
        case 'queue':
          return this.placeInIqmQueue(run, message.place);
        case 'checkpoint':
          return this.checkpoint(run, (repo) =>
            repo.save(run.job.id, this.owner, message.run, message.checkpoint),
          );
        case 'rhf':
          return this.checkpoint(run, (repo) =>
            repo.saveRhf(run.job.id, this.owner, message.run, message.energies),
          );
        case 'iqm-job':
          return this.checkpoint(run, (repo) =>
            repo.recordIqmJob(run.job.id, this.owner, message.run, message.key, message.id),
          );
        case 'done':
          return void this.end(run, { status: 'COMPLETED' }, 'Job completed.');
        case 'failed':
          return void this.end(
            run,
            { status: 'FAILED', failureReason: message.message },
            `Job failed: ${message.message}`,
          );
      }
    });
    thread.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const reason = memoryExceeded(limitMb, input.memory.estimateMb);
        this.end(run, { status: 'FAILED', failureReason: reason }, `Job failed: ${reason}`);
      } else {
        this.crashed(run, `The engine crashed: ${error.message}`);
      }
    });
    thread.on('exit', (code) => {
      settle();
      this.crashed(run, `The engine stopped unexpectedly (exit code ${code})`);
    });
  }

  /**
   * The engine thread died, not by the engine's own error: the job's crash, counted as its attempt. It runs
   * again until it has crashed maxAttempts times, then fails with the reason.
   */
  private crashed(run: Running, reason: string): void {
    if (run.job.attempts < this.deps.maxAttempts) {
      this.end(run, { status: 'QUEUED' }, QUEUE_MESSAGES.crashed(reason));
      return;
    }
    const failureReason = QUEUE_MESSAGES.crashedTooOften(run.job.attempts, reason);
    this.end(run, { status: 'FAILED', failureReason }, failureReason);
  }

  /**
   * Decides a job's outcome once: stops its thread at once, then stores the last line and the outcome and
   * frees the slot. False when the outcome was already decided.
   */
  private end(run: Running, outcome: JobOutcome, line: string): boolean {
    if (run.ended) return false;
    run.ended = true;
    const { queue, log } = this.deps;
    run.stored = (async () => {
      await this.stopThread(run);
      run.output.log(line);
      await run.output.flushed();
      await run.checkpointed;
      if (!(await queue.finish(run.job.id, this.owner, outcome))) {
        log.warn({ job: run.job.jobArn }, 'job ended after its lease was lost; outcome not stored');
      } else if (outcome.status !== 'QUEUED') {
        await this.deps.checkpoints.clear(run.job.id);
      }
      log.info({ job: run.job.jobArn, status: outcome.status }, 'job ended');
    })()
      .catch((error: unknown) => log.error({ err: error, job: run.job.jobArn }, 'could not end job'))
      .finally(() => this.vacate(run));
    return true;
  }

  /** Stores where the run's IQM job waits, for the monitor; a write that fails only costs the monitor its line. */
  private placeInIqmQueue(run: Running, place: Extract<ThreadMessage, { type: 'queue' }>['place']): void {
    const { queue, log } = this.deps;
    const stored =
      place === null ? null : { position: place.position, since: new Date(Date.now() - place.waitedMs) };
    run.queuePlace = run.queuePlace
      .then(() => queue.placeInIqmQueue(run.job.id, this.owner, stored))
      .catch((error: unknown) =>
        log.warn({ err: error, job: run.job.jobArn }, "could not store the IQM job's place in the queue"),
      );
  }

  /**
   * Stores a checkpoint or an IQM job of the run, after those told before it; a write that fails costs a
   * resumed run only the iterations since the last one stored.
   */
  private checkpoint(run: Running, write: (repo: JobCheckpointRepo) => Promise<void>): void {
    run.checkpointed = run.checkpointed
      .then(() => write(this.deps.checkpoints))
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, job: run.job.jobArn }, "could not store the run's checkpoint"),
      );
  }

  /**
   * What the thread needs: the job, where an earlier run of it stopped, and for an IQM job the owner's
   * connection to IQM Resonance.
   */
  private async threadInput(job: JobRow): Promise<ThreadInput> {
    const estimate = estimateMb(jobMemoryEstimate(job.kind, job.hyperparameters, job.backend));
    const stored = await this.deps.checkpoints.load(job.id);
    const input: ThreadInput = {
      jobId: job.id,
      ...(stored.size === 0 ? {} : { resume: [...stored] }),
      kind: job.kind,
      hyperparameters: job.hyperparameters,
      references: [...this.references],
      memory: { estimateMb: estimate, limitMb: (this.deps.memoryLimitMb ?? threadMemoryLimitMb)(estimate) },
    };
    const { iqm } = this.deps;
    if (job.backend !== 'iqm' || !iqm) return input;
    const { keys, ...settings } = iqm;
    const token = await keys.keyFor(job.userId);
    return { ...input, iqm: { ...settings, token, computer: job.device } };
  }

  /** A job that cannot start (its owner's IQM key is gone): failed with the reason, not retried. */
  private async refuse(job: JobRow, output: RunOutput, reason: string): Promise<void> {
    output.log(`Job failed: ${reason}`);
    await output.flushed();
    await this.deps.queue.finish(job.id, this.owner, { status: 'FAILED', failureReason: reason });
    this.deps.log.warn({ job: job.jobArn, reason }, 'job could not start');
  }

  /**
   * Ends the thread. A local run ends at once, and so does a run handed on to another runner (`keepRemote`:
   * a clean shutdown, a lost lease), whose IQM job is left running for the next run to collect. Otherwise a
   * run on IQM Resonance is first asked to abort, so that it aborts its IQM job itself, even one whose submission is still under way (only the answer names it); if
   * it has not ended within the grace period, it is ended and its last known IQM job aborted from here, so
   * the quantum computer is not kept busy for nothing.
   */
  private async stopThread(run: Running, { keepRemote = false } = {}): Promise<void> {
    if (keepRemote) return void (await run.thread.terminate());
    if (run.iqm) {
      run.thread.postMessage({ type: 'abort' } satisfies ThreadCommand);
      await Promise.race([run.settled, sleep(REMOTE_ABORT_GRACE_MS)]);
    }
    await run.thread.terminate();
    const remote = run.remoteJob;
    if (remote === null || !run.iqm) return;
    run.remoteJob = null;
    try {
      await openIqmClient(run.iqm).abort(remote);
    } catch (error) {
      this.deps.log.warn({ err: error, job: run.job.jobArn, iqmJob: remote }, 'could not abort the IQM job');
    }
  }

  private vacate(run: Running): void {
    run.disarm();
    this.running.delete(run.job.id);
    this.wake();
  }

  /** Renews every lease at once; a cancel requested elsewhere stops its job, a lost job is dropped. */
  private async beat(): Promise<void> {
    const held = [...this.running.values()].filter((run) => !run.ended);
    if (this.beating || held.length === 0) return;
    this.beating = true;
    try {
      const ids = held.map((run) => run.job.id);
      const statuses = await this.deps.queue.heartbeat(this.owner, ids, this.deps.leaseMs);
      for (const run of held) {
        const status = statuses.get(run.job.id);
        if (status === 'CANCELLING') this.end(run, { status: 'CANCELLED' }, 'Job cancelled by the user.');
        if (status === undefined && !run.ended) this.drop(run);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'job heartbeat failed');
    } finally {
      this.beating = false;
    }
  }

  /** The job is no longer this runner's (swept after a stall, or deleted): stop it without writing. */
  private drop(run: Running): void {
    run.ended = true;
    this.deps.log.warn({ job: run.job.jobArn }, 'lost the lease of a running job; stopped it');
    run.stored = this.stopThread(run, { keepRemote: true }).finally(() => this.vacate(run));
  }
}
