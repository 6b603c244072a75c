import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AwsStandIn } from '@hivqe/aws-stand-in';

export const SV1 = 'arn:aws:braket:::device/quantum-simulator/amazon/sv1';
const MAIN = resolve(import.meta.dirname, '../../src/main.ts');
const BUCKET = 'amazon-braket-stand-in';

/** The folders Braket mounts into a hybrid job's container, in a fresh temporary directory. */
export interface JobDirs {
  root: string;
  hyperparametersFile: string;
  input: string;
  results: string;
  checkpoints: string;
  failureFile: string;
}

const created: string[] = [];

export function jobDirs(hyperparameters: Record<string, string>): JobDirs {
  const root = mkdtempSync(join(tmpdir(), 'braket-job-'));
  created.push(root);
  const dirs = {
    root,
    hyperparametersFile: join(root, 'hyperparameters.json'),
    input: join(root, 'input', 'data'),
    results: join(root, 'model'),
    checkpoints: join(root, 'checkpoints'),
    failureFile: join(root, 'output', 'failure'),
  };
  mkdirSync(dirs.input, { recursive: true });
  writeFileSync(dirs.hyperparametersFile, JSON.stringify(hyperparameters));
  return dirs;
}

export function removeJobDirs(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** The environment Braket gives a hybrid job's container, pointed at the stand-in. */
export function jobEnvironment(
  standIn: AwsStandIn,
  dirs: JobDirs,
  jobName = 'hivqe-test-job',
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AMZN_BRAKET_JOB_NAME: jobName,
    AMZN_BRAKET_HP_FILE: dirs.hyperparametersFile,
    AMZN_BRAKET_INPUT_DIR: dirs.input,
    AMZN_BRAKET_JOB_RESULTS_DIR: dirs.results,
    AMZN_BRAKET_CHECKPOINT_DIR: dirs.checkpoints,
    AMZN_BRAKET_DEVICE_ARN: SV1,
    AMZN_BRAKET_JOB_TOKEN: 'b2a5e3c1-6f1d-4d8e-9a47-3c5f0e9d7a21',
    AMZN_BRAKET_OUT_S3_BUCKET: BUCKET,
    AMZN_BRAKET_TASK_RESULTS_S3_URI: `s3://${BUCKET}/jobs/${jobName}/tasks`,
    HIVQE_FAILURE_FILE: dirs.failureFile,
    AWS_REGION: standIn.region,
    AWS_ACCESS_KEY_ID: standIn.clientConfig.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: standIn.clientConfig.credentials.secretAccessKey,
    AWS_ENDPOINT_URL_BRAKET: standIn.endpoint,
    AWS_ENDPOINT_URL_S3: standIn.endpoint,
  };
}

export interface JobExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string[];
  stderr: string;
}

/**
 * Runs the job program as Braket's container would. `onLine` sees each stdout line as it comes and may
 * signal the process (e.g. kill it at a given iteration).
 */
export function runJobProcess(
  env: NodeJS.ProcessEnv,
  onLine?: (line: string, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<JobExit> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let stderr = '';
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      stdout.push(line);
      onLine?.(line, (signal) => child.kill(signal));
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** iteration_number of each `Metrics -` energy line, in order. */
export function energyIterations(lines: string[]): number[] {
  return lines
    .map((line) => /^Metrics - timestamp=[\d.]+; energy=[^;]+; iteration_number=(\d+);$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]));
}
