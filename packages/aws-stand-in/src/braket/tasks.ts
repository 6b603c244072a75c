import { randomUUID } from 'node:crypto';
import { notFound, validationError } from '../protocol/errors.ts';
import { qubitIndex, toNativeCircuit } from '../qasm/native.ts';
import type { ParsedProgram } from '../qasm/parse.ts';
import { sampleCircuit } from '../qasm/simulate.ts';
import type { ObjectStore } from '../s3/store.ts';
import { findDevice } from './devices.ts';
import { checkProgram } from './program-check.ts';
import { gateModelTaskResult } from './task-result.ts';

export type TaskStatus =
  'CREATED' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLING' | 'CANCELLED';

export interface QuantumTaskRecord {
  arn: string;
  id: string;
  status: TaskStatus;
  deviceArn: string;
  deviceParameters: string;
  shots: number;
  outputS3Bucket: string;
  outputS3Directory: string;
  createdAt: Date;
  endedAt?: Date;
  failureReason?: string;
  jobArn?: string;
  tags?: Record<string, string>;
  seed: number;
}

export interface TaskSettings {
  region: string;
  accountId: string;
  /** Milliseconds a task spends QUEUED and then RUNNING. */
  delayMs: number;
  seed: number;
  jobArnForToken(token: string): string | undefined;
}

/** Braket's quantum-task operations, tasks run by sampling their OpenQASM program exactly (`sampleCircuit`). */
export class QuantumTasks {
  readonly tasks = new Map<string, QuantumTaskRecord>();
  private readonly byClientToken = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly s3: ObjectStore,
    private readonly settings: TaskSettings,
  ) {}

  create(input: Record<string, unknown>): Record<string, unknown> {
    const clientToken = input.clientToken as string;
    const existing = this.byClientToken.get(clientToken);
    if (existing) return { quantumTaskArn: existing };
    const deviceArn = input.deviceArn as string;
    const device = findDevice(deviceArn);
    if (!device) throw validationError(`Device ${deviceArn} does not exist`);
    const shots = input.shots as number;
    const program = checkProgram(device, input.action as string, shots);
    const bucket = input.outputS3Bucket as string;
    if (!this.s3.hasBucket(bucket)) throw validationError(`Caller doesn't have access to s3://${bucket}`);
    const id = randomUUID();
    const region = /^arn:aws:braket:([a-z0-9-]+):/.exec(deviceArn)?.[1] || this.settings.region;
    const task: QuantumTaskRecord = {
      arn: `arn:aws:braket:${region}:${this.settings.accountId}:quantum-task/${id}`,
      id,
      status: 'QUEUED',
      deviceArn,
      deviceParameters: (input.deviceParameters as string | undefined) ?? '{}',
      shots,
      outputS3Bucket: bucket,
      outputS3Directory: `${input.outputS3KeyPrefix as string}/${id}`,
      createdAt: new Date(),
      jobArn: input.jobToken ? this.settings.jobArnForToken(input.jobToken as string) : undefined,
      tags: input.tags as Record<string, string> | undefined,
      seed: this.settings.seed + this.tasks.size,
    };
    this.tasks.set(task.arn, task);
    this.byClientToken.set(clientToken, task.arn);
    this.later(() => {
      if (task.status !== 'QUEUED') return;
      task.status = 'RUNNING';
      this.later(() => this.execute(task, program, JSON.parse(input.action as string)));
    });
    return { quantumTaskArn: task.arn };
  }

  get(input: Record<string, unknown>): Record<string, unknown> {
    const task = this.find(input.quantumTaskArn as string);
    return {
      quantumTaskArn: task.arn,
      status: task.status,
      deviceArn: task.deviceArn,
      deviceParameters: task.deviceParameters,
      shots: task.shots,
      outputS3Bucket: task.outputS3Bucket,
      outputS3Directory: task.outputS3Directory,
      createdAt: task.createdAt.toISOString(),
      ...(task.endedAt && { endedAt: task.endedAt.toISOString() }),
      ...(task.failureReason && { failureReason: task.failureReason }),
      ...(task.jobArn && { jobArn: task.jobArn }),
      tags: task.tags ?? {},
    };
  }

  cancel(input: Record<string, unknown>): Record<string, unknown> {
    const task = this.find(input.quantumTaskArn as string);
    if (task.status === 'QUEUED' || task.status === 'RUNNING' || task.status === 'CREATED') {
      task.status = 'CANCELLED';
      task.endedAt = new Date();
    }
    return {
      quantumTaskArn: task.arn,
      cancellationStatus: task.status === 'CANCELLED' ? 'CANCELLED' : 'CANCELLING',
    };
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private find(arn: string): QuantumTaskRecord {
    const task = this.tasks.get(arn);
    if (!task) throw notFound(`Quantum task ${arn} not found`);
    return task;
  }

  private later(step: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      step();
    }, this.settings.delayMs);
    this.timers.add(timer);
  }

  private execute(task: QuantumTaskRecord, program: ParsedProgram, action: unknown): void {
    if (task.status !== 'RUNNING') return;
    const started = performance.now();
    try {
      const circuit = toNativeCircuit(program, task.id);
      const counts = sampleCircuit(circuit, task.shots, task.seed);
      const measure = circuit.instructions.at(-1)!;
      const endedAt = new Date();
      const result = gateModelTaskResult({
        taskArn: task.arn,
        deviceArn: task.deviceArn,
        shots: task.shots,
        counts,
        measuredQubits: measure.qubits.map((q) => qubitIndex(program, q)),
        action,
        createdAt: task.createdAt.toISOString(),
        endedAt: endedAt.toISOString(),
        simulator: findDevice(task.deviceArn)!.type === 'SIMULATOR',
        executionMs: Math.round(performance.now() - started),
      });
      this.s3.put(
        task.outputS3Bucket,
        `${task.outputS3Directory}/results.json`,
        JSON.stringify(result),
        'application/json',
      );
      task.status = 'COMPLETED';
      task.endedAt = endedAt;
    } catch (error) {
      task.status = 'FAILED';
      task.failureReason = error instanceof Error ? error.message : String(error);
      task.endedAt = new Date();
    }
  }
}
