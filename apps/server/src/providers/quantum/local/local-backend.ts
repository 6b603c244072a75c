import type { JobKind, JobRow } from '../../../db/schema/jobs.ts';
import type { JobOutputRepo } from '../../../worker/job-output.ts';
import type { RunnerControl } from '../../../worker/local-runner.ts';
import type { JobQueue } from '../../../worker/queue.ts';
import type { CancelOutcome, EnergyPoint, JobLogs, QuantumBackend } from '../backend.ts';
import { engineRefusal } from './engine-runs.ts';

/** CloudWatch's GetLogEvents answers at most this many events; the monitor shows the latest. */
export const MAX_LOG_EVENTS = 10_000;

export interface LocalBackendDeps {
  queue: JobQueue;
  output: JobOutputRepo;
  /** The platform's account in local ARNs (LOCAL_ACCOUNT_ID). */
  accountId: string;
  /** The runner of this process, if it runs one: woken for new jobs, and it stops a cancelled job at once. */
  runner?: RunnerControl;
}

/**
 * The built-in engine as a back end. Its state lives in the database: the jobs table is its queue, runners
 * (in this process or in `npm run worker` processes) claim from it and write logs and metrics next to it.
 */
export class LocalBackend implements QuantumBackend {
  readonly name = 'local';
  readonly initialStatus = 'QUEUED';

  constructor(private readonly deps: LocalBackendDeps) {}

  jobArn(region: string, resource: string): string {
    return `arn:aws:braket:${region}:${this.deps.accountId}:job/${resource}`;
  }

  refusal(kind: JobKind, hyperparameters: Readonly<Record<string, string>>): string | null {
    return engineRefusal(kind, hyperparameters);
  }

  async submit(): Promise<void> {
    this.deps.runner?.wake();
  }

  /** Nothing to fetch: the row the jobs module reads is where the runners write. */
  async refresh(): Promise<void> {}

  /** A running job held by this process stops at once; one held elsewhere at its runner's next heartbeat. */
  async cancel(job: JobRow): Promise<CancelOutcome> {
    const status = await this.deps.queue.requestCancel(job.id);
    if (status === undefined) return 'ended';
    if (status === 'CANCELLING' && (await this.deps.runner?.cancel(job.id))) return 'CANCELLED';
    return status;
  }

  async logs(job: JobRow): Promise<JobLogs> {
    const rows = await this.deps.output.logs(job.id, MAX_LOG_EVENTS);
    return {
      streamName: `${job.jobName}/algo-1`,
      events: rows.map((row) => ({ message: row.message, timestamp: row.timestamp })),
    };
  }

  async metrics(job: JobRow): Promise<EnergyPoint[]> {
    const rows = await this.deps.output.metrics(job.id);
    return rows.map(({ costFunctionCall, energy, error, numStates, timestamp }) => ({
      costFunctionCall,
      energy,
      error,
      numStates,
      timestamp,
    }));
  }
}
