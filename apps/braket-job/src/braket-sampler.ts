import { createHash } from 'node:crypto';
import {
  CancelQuantumTaskCommand,
  CreateQuantumTaskCommand,
  GetQuantumTaskCommand,
  type BraketClient,
  type GetQuantumTaskCommandOutput,
} from '@aws-sdk/client-braket';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  toOpenQasm3,
  type Counts,
  type NativeCircuit,
  type Sampler,
  type SampleContext,
} from '@hivqe/engine';
import type { JobDevice } from './job-device.ts';
import { countsFromTaskResult } from './task-result.ts';

/** The quantum tasks a run created, by sample-call key: a resumed run reads them instead of creating new ones. */
export interface TaskLedger {
  tasksFor(key: string): readonly string[] | undefined;
  record(key: string, arns: readonly string[]): Promise<void>;
}

export interface BraketSamplerOptions {
  braket: BraketClient;
  s3: S3Client;
  deviceArn: string;
  device: JobDevice;
  jobName: string;
  jobToken: string | undefined;
  outputBucket: string;
  taskResultsPrefix: string;
  ledger: TaskLedger;
  /** First and longest wait between two GetQuantumTask calls of a task. */
  poll?: { firstMs: number; maxMs: number };
  /** At most this many of the job's tasks are queued or running on the device at once. */
  maxConcurrentTasks?: number;
  /** Told of the tasks of a sample call once created (not when a resumed run reuses them). */
  onTasks?: (key: string, arns: readonly string[]) => void;
}

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

/**
 * Shots from the job's Braket device: one quantum task per circuit, an OpenQASM 3 program with the job's
 * token (hybrid-job priority) and results under the job's task prefix; polled with backoff, its
 * results.json read from S3. On abort, the tasks still queued or running are cancelled.
 */
export function createBraketSampler(options: BraketSamplerOptions): Sampler {
  const { braket, device, ledger } = options;
  const poll = options.poll ?? { firstMs: 250, maxMs: 5_000 };
  const slots = semaphore(options.maxConcurrentTasks ?? 10);
  let unnamedCalls = 0;

  const programs = (circuits: NativeCircuit[]) =>
    circuits.map((circuit) => toOpenQasm3(circuit, device.device, device.target));

  async function createTask(source: string, shots: number, key: string, index: number): Promise<string> {
    const action = JSON.stringify({
      braketSchemaHeader: { name: 'braket.ir.openqasm.program', version: '1' },
      source,
      inputs: {},
    });
    const created = await braket.send(
      new CreateQuantumTaskCommand({
        // The same token for the same call of the same job: a run killed before it recorded the task gets
        // the task back instead of a second one.
        clientToken: clientToken(options.jobName, key, index),
        deviceArn: options.deviceArn,
        action,
        shots,
        outputS3Bucket: options.outputBucket,
        outputS3KeyPrefix: options.taskResultsPrefix,
        ...(options.jobToken === undefined ? {} : { jobToken: options.jobToken }),
      }),
    );
    if (created.quantumTaskArn === undefined)
      throw new Error('CreateQuantumTask answered without a task ARN');
    return created.quantumTaskArn;
  }

  async function awaitTask(
    arn: string,
    signal: AbortSignal | undefined,
  ): Promise<GetQuantumTaskCommandOutput> {
    let wait = poll.firstMs;
    for (;;) {
      const task = await braket.send(new GetQuantumTaskCommand({ quantumTaskArn: arn }));
      if (TERMINAL.has(task.status ?? '')) return task;
      await sleep(wait, signal);
      wait = Math.min(poll.maxMs, wait * 1.5);
    }
  }

  async function readCounts(
    task: GetQuantumTaskCommandOutput,
    wanted: number[],
    shots: number,
  ): Promise<Counts> {
    if (task.status !== 'COMPLETED')
      throw new Error(
        `quantum task ${task.quantumTaskArn} ${task.status}${task.failureReason ? `: ${task.failureReason}` : ''}`,
      );
    const object = await options.s3.send(
      new GetObjectCommand({ Bucket: task.outputS3Bucket, Key: `${task.outputS3Directory}/results.json` }),
    );
    const body = await object.Body?.transformToString();
    if (body === undefined) throw new Error(`quantum task ${task.quantumTaskArn}: empty results.json`);
    return countsFromTaskResult(JSON.parse(body), wanted, shots);
  }

  async function cancelUnfinished(arns: readonly string[]): Promise<void> {
    await Promise.allSettled(
      arns.map(async (arn) => {
        const task = await braket.send(new GetQuantumTaskCommand({ quantumTaskArn: arn }));
        if (TERMINAL.has(task.status ?? '')) return;
        await braket.send(
          new CancelQuantumTaskCommand({ quantumTaskArn: arn, clientToken: clientToken(arn, 'cancel', 0) }),
        );
      }),
    );
  }

  return {
    device: device.device,
    async sample(circuits, shots, signal, context?: SampleContext) {
      const key = context?.key ?? `call-${++unnamedCalls}`;
      const compiled = programs(circuits);
      const wanted = compiled.map(({ measuredQubits }) =>
        measuredQubits.map((qubit) => braketQubitIndex(qubit, device)),
      );
      let arns = ledger.tasksFor(key);
      if (arns === undefined || arns.length !== circuits.length) {
        signal?.throwIfAborted();
        arns = await Promise.all(
          compiled.map(({ source }, i) => slots.run(() => createTask(source, shots, key, i))),
        );
        await ledger.record(key, arns);
        options.onTasks?.(key, arns);
      }
      const created = arns;
      try {
        const tasks = await Promise.all(created.map((arn) => awaitTask(arn, signal)));
        return await Promise.all(tasks.map((task, i) => readCounts(task, wanted[i], shots)));
      } catch (error) {
        if (signal?.aborted) await cancelUnfinished(created);
        throw error;
      }
    },
  };
}

/** The index a task result uses for a device qubit: its position (virtual qubits) or its own number. */
function braketQubitIndex(qubit: string, device: JobDevice): number {
  return device.target.qubits === 'virtual' ? device.device.qubits.indexOf(qubit) : Number(qubit);
}

/** A UUID-shaped token derived from the call: stable across restarts of the same job. */
function clientToken(scope: string, key: string, index: number): string {
  const hex = createHash('sha256').update(`${scope}\n${key}\n${index}`).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join(
    '-',
  );
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function semaphore(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      // A finishing task hands its slot straight to the next waiting one.
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next === undefined) active--;
        else next();
      }
    },
  };
}
