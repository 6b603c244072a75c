import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MID_JOB_LINE } from './mid-job.ts';

const require = createRequire(import.meta.url);
const fixture = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

export interface WorkerProcessOptions {
  schemaName: string;
  dataDir: string;
  leaseMs: number;
  /** The energy points stored before the worker says it is in the middle of a job; 1 unless given. */
  midJobPoints?: number;
  /** The IQM jobs whose ids are recorded (to be collected on resume) before it says so; 0 unless given. */
  midJobIqmJobs?: number;
  /** IQM Resonance for the worker's runner, the owners' keys opened with the hex master key the test's app has. */
  iqm?: { baseUrl: string; secretsKey: string };
}

/**
 * A runner in a child process (test/worker-process.ts); `midJob` resolves once a job has stored its energy
 * points. `later` is the calling file's cleanup (cleanup.ts): the process is killed after the test.
 */
export function spawnWorker(
  options: WorkerProcessOptions,
  later: (...steps: (() => Promise<unknown>)[]) => void,
) {
  const child = spawn(process.execPath, ['--import', require.resolve('tsx'), fixture], {
    env: {
      ...process.env,
      WORKER_DATABASE_URL: process.env.DATABASE_URL ?? '',
      WORKER_SCHEMA: options.schemaName,
      WORKER_DATA_DIR: options.dataDir,
      WORKER_LEASE_MS: String(options.leaseMs),
      WORKER_MID_JOB_POINTS: String(options.midJobPoints ?? 1),
      WORKER_MID_JOB_IQM_JOBS: String(options.midJobIqmJobs ?? 0),
      ...(options.iqm
        ? { WORKER_IQM_BASE_URL: options.iqm.baseUrl, WORKER_SECRETS_KEY: options.iqm.secretsKey }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const midJob = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(MID_JOB_LINE)) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`worker exited (${code}) before it was in the middle of a job:\n${output}`)),
    );
  });
  later(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { process: child, midJob, exited };
}
