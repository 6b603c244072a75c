import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StandInJob } from '@hivqe/aws-stand-in';

/** The program a Braket hybrid job's container runs (apps/braket-job), run from source. */
const JOB_PROGRAM = fileURLToPath(new URL('../../braket-job/src/main.ts', import.meta.url));

/**
 * The stand-in's `runJob`: the job program as a process with the environment Braket gives a hybrid job (the
 * stand-in's endpoints, AMZN_BRAKET_* directories), each stdout line to the job's CloudWatch stream. A failed
 * run rejects with its stderr, which the stand-in makes the job's failure reason unless the program wrote one.
 */
export function runJobProgram(job: StandInJob): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', JOB_PROGRAM], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...job.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  job.signal.addEventListener('abort', () => child.kill('SIGTERM'));
  let partial = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) job.log(line);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (partial) job.log(partial);
      if (code === 0) resolve();
      else reject(new Error(`the job program exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}
