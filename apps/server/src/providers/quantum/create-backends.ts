import type { Db } from '../../db/client.ts';
import { JobOutputRepo } from '../../worker/job-output.ts';
import type { RunnerControl } from '../../worker/local-runner.ts';
import { JobQueue } from '../../worker/queue.ts';
import type { CloudAccount } from '../../modules/account/service.ts';
import { QuantumBackends } from './backends.ts';
import { BraketBackend } from './braket/braket-backend.ts';
import { LocalBackend } from './local/local-backend.ts';

export interface BackendSettings {
  /** JOB_BACKEND: where new jobs go. */
  jobBackend: 'local' | 'braket';
  /** LOCAL_ACCOUNT_ID. */
  localAccountId: string;
  /** This process's runner, when it runs one. */
  runner?: RunnerControl;
  /** Amazon Braket, when new hybrid jobs go there (JOB_BACKEND=braket). */
  braket?: {
    accounts: { cloudAccountFor(userId: string): Promise<CloudAccount> };
    /** BRAKET_CONTAINER_IMAGE. */
    containerImage: string;
    /** BRAKET_EXECUTION_ROLE_NAME. */
    executionRoleName: string;
    /** PLATFORM_AWS_ACCOUNT_ID. */
    platformAccountId: string;
    /** AWS_REGION: where the platform's STS client calls. */
    stsRegion: string;
  };
}

/** Every back end this server can reach: the local engine always (IQM jobs run there), Braket when configured. */
export function createBackends(db: Db, settings: BackendSettings): QuantumBackends {
  const local = new LocalBackend({
    queue: new JobQueue(db),
    output: new JobOutputRepo(db),
    accountId: settings.localAccountId,
    runner: settings.runner,
  });
  const braket = settings.braket ? new BraketBackend({ db, ...settings.braket }) : undefined;
  return new QuantumBackends(braket ? [local, braket] : [local], settings.jobBackend);
}
