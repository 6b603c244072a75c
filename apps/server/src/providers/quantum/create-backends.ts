import type { Db } from '../../db/client.ts';
import { JobOutputRepo } from '../../worker/job-output.ts';
import type { RunnerControl } from '../../worker/local-runner.ts';
import { JobQueue } from '../../worker/queue.ts';
import { QuantumBackends } from './backends.ts';
import { LocalBackend } from './local/local-backend.ts';

export interface BackendSettings {
  /** JOB_BACKEND: where new jobs go. */
  jobBackend: 'local';
  /** LOCAL_ACCOUNT_ID. */
  localAccountId: string;
  /** This process's runner, when it runs one. */
  runner?: RunnerControl;
}

/** Every back end this server can reach; only the local engine exists so far. */
export function createBackends(db: Db, settings: BackendSettings): QuantumBackends {
  const local = new LocalBackend({
    queue: new JobQueue(db),
    output: new JobOutputRepo(db),
    accountId: settings.localAccountId,
    runner: settings.runner,
  });
  return new QuantumBackends([local], settings.jobBackend);
}
