import type { Db } from '../../db/client.ts';
import { JobOutputRepo } from '../../worker/job-output.ts';
import type { RunnerControl } from '../../worker/local-runner.ts';
import { JobQueue } from '../../worker/queue.ts';
import type { IqmKeys } from '../../modules/account/iqm-keys.ts';
import type { CloudAccount } from '../../modules/account/service.ts';
import type { AwsCallSettings } from '../aws/client-config.ts';
import type { QuantumBackend } from './backend.ts';
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
  /** IQM Resonance is configured (IQM_BASE_URL): new IQM jobs go to the `iqm` back end, whose owners need a key. */
  iqmKeys?: Pick<IqmKeys, 'keyFor'>;
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
    /** AWS_* timeouts and attempts, BRAKET_ENDPOINT_URL. */
    calls?: Partial<AwsCallSettings>;
  };
}

/**
 * Every back end this server can reach: the local engine always, IQM Resonance and Braket when configured.
 * Local and IQM jobs both run on the runners: they differ in where the shots come from.
 */
export function createBackends(db: Db, settings: BackendSettings): QuantumBackends {
  const runnerBackend = (name: 'local' | 'iqm', iqmKeys?: Pick<IqmKeys, 'keyFor'>) =>
    new LocalBackend({
      name,
      queue: new JobQueue(db),
      output: new JobOutputRepo(db),
      accountId: settings.localAccountId,
      runner: settings.runner,
      iqmKeys,
    });
  const backends: QuantumBackend[] = [runnerBackend('local')];
  if (settings.iqmKeys) backends.push(runnerBackend('iqm', settings.iqmKeys));
  if (settings.braket) backends.push(new BraketBackend({ db, ...settings.braket }));
  return new QuantumBackends(backends, settings.jobBackend);
}
