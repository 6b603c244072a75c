import type { JobKind, JobRow } from '../../../db/schema/jobs.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import type { IqmKeys } from '../../../modules/account/iqm-keys.ts';
import type { JobOutputRepo } from '../../../worker/job-output.ts';
import type { RunnerControl } from '../../../worker/local-runner.ts';
import type { JobQueue } from '../../../worker/queue.ts';
import type { CancelOutcome, EnergyPoint, JobLogs, QuantumBackend } from '../backend.ts';
import { engineRefusal } from './engine-runs.ts';

/** CloudWatch's GetLogEvents answers at most this many events; the monitor shows the latest. */
export const MAX_LOG_EVENTS = 10_000;

export interface LocalBackendDeps {
  /** `local`: the engine samples its own circuits; `iqm`: the runners send them to IQM Resonance. */
  name: 'local' | 'iqm';
  /** For `iqm`: the owners' keys, which a job needs before it is accepted. */
  iqmKeys?: Pick<IqmKeys, 'keyFor'>;
  queue: JobQueue;
  output: JobOutputRepo;
  /** The platform's account in local ARNs (LOCAL_ACCOUNT_ID). */
  accountId: string;
  /** The runner of this process, if it runs one: woken for new jobs, and it stops a cancelled job at once. */
  runner?: RunnerControl;
}

/**
 * The built-in engine as a back end, on its own (`local`) or drawing its shots from IQM Resonance (`iqm`).
 * Its state lives in the database: the jobs table is its queue, runners (in this process or in
 * `npm run worker` processes) claim from it and write logs and metrics next to it.
 */
export class LocalBackend implements QuantumBackend {
  readonly name: 'local' | 'iqm';
  readonly initialStatus = 'QUEUED';

  constructor(private readonly deps: LocalBackendDeps) {
    this.name = deps.name;
  }

  jobArn(region: string, resource: string): string {
    return `arn:aws:braket:${region}:${this.deps.accountId}:job/${resource}`;
  }

  /** The engine's refusal; an IQM job also needs its owner's API key, without which no shot can be taken. */
  async refusal(
    kind: JobKind,
    hyperparameters: Readonly<Record<string, string>>,
    ownerId: string,
  ): Promise<string | null> {
    const refused = engineRefusal(kind, hyperparameters);
    const { iqmKeys } = this.deps;
    if (refused !== null || !iqmKeys) return refused;
    try {
      await iqmKeys.keyFor(ownerId);
      return null;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return error.message;
      throw error;
    }
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
