import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import {
  BraketClient,
  CancelJobCommand,
  ConflictException,
  CreateJobCommand,
  GetJobCommand,
  SearchJobsCommand,
  ValidationException,
  type CreateJobCommandInput,
} from '@aws-sdk/client-braket';
import { CloudWatchLogsClient, FilterLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LOG_GROUP, startAwsStandIn, type AwsStandIn, type StandInJob } from '../src/index.ts';

/** The job program stand-in: a real process given the job's environment, its output fed to the job's log. */
const PROGRAM = `
const fs = require('node:fs');
const hp = JSON.parse(fs.readFileSync(process.env.AMZN_BRAKET_HP_FILE, 'utf8'));
console.log('Metrics - timestamp=1700000000; iteration_number=0; energy=-1.1;');
if (hp.fail) { fs.writeFileSync(process.env.FAILURE_FILE, 'ValueError: bad molecule'); process.exit(1); }
fs.writeFileSync(process.env.AMZN_BRAKET_JOB_RESULTS_DIR + '/results.json', JSON.stringify({ energy: -1.1, device: process.env.AMZN_BRAKET_DEVICE_ARN }));
if (hp.wait) setInterval(() => {}, 1000);
`;

function runProcess(job: StandInJob): Promise<void> {
  const child = spawn(process.execPath, ['-e', PROGRAM], {
    env: { ...process.env, ...job.env, FAILURE_FILE: job.dirs.failureFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  job.signal.addEventListener('abort', () => child.kill('SIGTERM'));
  createInterface({ input: child.stdout }).on('line', (line) => job.log(line));
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) =>
      code === 0 || signal === 'SIGTERM' ? resolve() : reject(new Error(`exit code ${code}`)),
    ),
  );
}

/** Files of an uncompressed ustar archive. */
function untar(archive: Buffer): Record<string, string> {
  const files: Record<string, string> = {};
  for (let at = 0; at + 512 <= archive.length && archive[at] !== 0;) {
    const name = archive
      .subarray(at, at + 100)
      .toString()
      .replace(/\0.*$/s, '');
    const size = Number.parseInt(archive.subarray(at + 124, at + 136).toString(), 8);
    files[name] = archive.subarray(at + 512, at + 512 + size).toString();
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

let standIn: AwsStandIn;
let braket: BraketClient;
let logs: CloudWatchLogsClient;

beforeAll(async () => {
  standIn = await startAwsStandIn({ runJob: runProcess });
  braket = new BraketClient({ ...standIn.clientConfig, maxAttempts: 1 });
  logs = new CloudWatchLogsClient(standIn.clientConfig);
});

afterAll(async () => {
  braket.destroy();
  logs.destroy();
  await standIn.close();
});

const jobInput = (jobName: string, hyperParameters: Record<string, string> = {}): CreateJobCommandInput => ({
  jobName,
  algorithmSpecification: {
    containerImage: { uri: '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe-job:1' },
  },
  deviceConfig: { device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1' },
  instanceConfig: { instanceType: 'ml.m5.large', volumeSizeInGb: 30 },
  outputDataConfig: { s3Path: `s3://amazon-braket-stand-in/jobs/${jobName}/data` },
  roleArn: 'arn:aws:iam::123456789012:role/BraketJob',
  hyperParameters,
});

async function ended(jobArn: string) {
  for (;;) {
    const job = await braket.send(new GetJobCommand({ jobArn }));
    if (!['QUEUED', 'RUNNING', 'CANCELLING'].includes(job.status!)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('hybrid jobs', () => {
  it('runs the job program and packs its results where the Braket SDK downloads them', async () => {
    const { jobArn } = await braket.send(new CreateJobCommand(jobInput('h2-ok', { molecule: 'H2' })));
    expect(jobArn).toBe('arn:aws:braket:us-east-1:123456789012:job/h2-ok');
    const job = await ended(jobArn!);
    expect(job.status).toBe('COMPLETED');
    const archive = standIn.s3.get('amazon-braket-stand-in', 'jobs/h2-ok/data/output/model.tar.gz')!;
    expect(JSON.parse(untar(gunzipSync(archive))['results.json'])).toEqual({
      energy: -1.1,
      device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
    });
    const events = await logs.send(
      new FilterLogEventsCommand({ logGroupName: JOB_LOG_GROUP, logStreamNamePrefix: 'h2-ok/algo-1-' }),
    );
    expect(events.events!.map((e) => e.message)).toEqual([
      'Metrics - timestamp=1700000000; iteration_number=0; energy=-1.1;',
    ]);
    const search = await braket.send(
      new SearchJobsCommand({ filters: [{ name: 'jobArn', operator: 'EQUAL', values: [jobArn!] }] }),
    );
    expect(search.jobs!.map((j) => j.status)).toEqual(['COMPLETED']);
  });

  it('fails a job with the failure file’s reason', async () => {
    const { jobArn } = await braket.send(new CreateJobCommand(jobInput('h2-bad', { fail: 'yes' })));
    const job = await ended(jobArn!);
    expect(job).toMatchObject({ status: 'FAILED', failureReason: 'ValueError: bad molecule' });
  });

  it('cancels a running job by signalling its program', async () => {
    const { jobArn } = await braket.send(new CreateJobCommand(jobInput('h2-cancel', { wait: 'yes' })));
    const logged = () =>
      logs
        .send(new FilterLogEventsCommand({ logGroupName: JOB_LOG_GROUP, logStreamNamePrefix: 'h2-cancel/' }))
        .then((r) => r.events!.length);
    await expect.poll(logged).toBe(1);
    expect((await braket.send(new CancelJobCommand({ jobArn }))).cancellationStatus).toBe('CANCELLING');
    expect((await ended(jobArn!)).status).toBe('CANCELLED');
  });

  it('refuses a second job of the same name and an invalid name', async () => {
    await expect(braket.send(new CreateJobCommand(jobInput('h2-ok')))).rejects.toBeInstanceOf(
      ConflictException,
    );
    await expect(braket.send(new CreateJobCommand(jobInput('-bad-name')))).rejects.toBeInstanceOf(
      ValidationException,
    );
  });
});
