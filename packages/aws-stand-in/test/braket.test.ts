import {
  BraketClient,
  CreateQuantumTaskCommand,
  GetDeviceCommand,
  GetQuantumTaskCommand,
  ThrottlingException,
  ValidationException,
  type CreateQuantumTaskCommandInput,
} from '@aws-sdk/client-braket';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsStandIn, type AwsStandIn } from '../src/index.ts';

const SV1 = 'arn:aws:braket:::device/quantum-simulator/amazon/sv1';
const GARNET = 'arn:aws:braket:eu-north-1::device/qpu/iqm/Garnet';
const BELL = [
  'OPENQASM 3.0;',
  'qubit[2] q;',
  'bit[2] b;',
  'h q[0];',
  'cnot q[0], q[1];',
  'b[0] = measure q[0];',
  'b[1] = measure q[1];',
].join('\n');

const action = (source: string) =>
  JSON.stringify({
    braketSchemaHeader: { name: 'braket.ir.openqasm.program', version: '1' },
    source,
    inputs: {},
  });

let standIn: AwsStandIn;
let braket: BraketClient;
let s3: S3Client;

beforeAll(async () => {
  standIn = await startAwsStandIn();
  braket = new BraketClient({ ...standIn.clientConfig, maxAttempts: 1 });
  s3 = new S3Client(standIn.clientConfig);
});

afterAll(async () => {
  braket.destroy();
  s3.destroy();
  await standIn.close();
});

function taskInput(overrides: Partial<CreateQuantumTaskCommandInput> = {}): CreateQuantumTaskCommandInput {
  return {
    deviceArn: SV1,
    action: action(BELL),
    shots: 4000,
    outputS3Bucket: 'amazon-braket-stand-in',
    outputS3KeyPrefix: 'tasks',
    ...overrides,
  };
}

async function completed(arn: string) {
  for (;;) {
    const task = await braket.send(new GetQuantumTaskCommand({ quantumTaskArn: arn }));
    if (task.status !== 'QUEUED' && task.status !== 'RUNNING') return task;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('quantum tasks through the Braket SDK', () => {
  it('runs a Bell circuit and writes a GateModelTaskResult to S3', async () => {
    const { quantumTaskArn } = await braket.send(new CreateQuantumTaskCommand(taskInput()));
    const task = await completed(quantumTaskArn!);
    expect(task.status).toBe('COMPLETED');
    const id = quantumTaskArn!.split('/').at(-1);
    expect(task.outputS3Directory).toBe(`tasks/${id}`);
    const object = await s3.send(
      new GetObjectCommand({ Bucket: task.outputS3Bucket, Key: `${task.outputS3Directory}/results.json` }),
    );
    const result = JSON.parse(await object.Body!.transformToString()) as {
      braketSchemaHeader: unknown;
      measurements: number[][];
      measuredQubits: number[];
      taskMetadata: { id: string; deviceId: string; shots: number };
    };
    expect(result.braketSchemaHeader).toEqual({
      name: 'braket.task_result.gate_model_task_result',
      version: '1',
    });
    expect(result.measuredQubits).toEqual([0, 1]);
    expect(result.taskMetadata).toMatchObject({ id: quantumTaskArn, deviceId: SV1, shots: 4000 });
    expect(result.measurements).toHaveLength(4000);
    const counts = new Map<string, number>();
    for (const shot of result.measurements) counts.set(shot.join(''), (counts.get(shot.join('')) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['00', '11']);
    // Binomial(4000, 1/2): 5 standard deviations is ±158.
    expect(Math.abs(counts.get('00')! - 2000)).toBeLessThan(158);
  });

  it('samples reproducibly: the same seed gives the same shots', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const other = await startAwsStandIn({ simulate: { seed: 7 } });
      const client = new BraketClient(other.clientConfig);
      const { quantumTaskArn } = await client.send(new CreateQuantumTaskCommand(taskInput({ shots: 50 })));
      const task = other.tasks.get(quantumTaskArn!)!;
      await expect.poll(() => task.status).toBe('COMPLETED');
      runs.push(other.s3.get(task.outputS3Bucket, `${task.outputS3Directory}/results.json`)!.toString());
      client.destroy();
      await other.close();
    }
    expect(JSON.parse(runs[0]).measurements).toEqual(JSON.parse(runs[1]).measurements);
  });

  it('runs native programs on the QPU-shaped device and refuses uncoupled cz', async () => {
    const verbatim = (a: number, b: number) =>
      `OPENQASM 3.0;\nbit[2] b;\n#pragma braket verbatim\nbox {\nprx(pi, 0) $${a};\ncz $${a}, $${b};\n}\nb[0] = measure $${a};\nb[1] = measure $${b};`;
    const { quantumTaskArn } = await braket.send(
      new CreateQuantumTaskCommand(
        taskInput({ deviceArn: GARNET, action: action(verbatim(1, 2)), shots: 10 }),
      ),
    );
    expect(quantumTaskArn).toMatch(/^arn:aws:braket:eu-north-1:123456789012:quantum-task\//);
    expect((await completed(quantumTaskArn!)).status).toBe('COMPLETED');
    const task = standIn.tasks.get(quantumTaskArn!)!;
    const result = JSON.parse(
      standIn.s3.get(task.outputS3Bucket, `${task.outputS3Directory}/results.json`)!.toString(),
    );
    expect(result.measuredQubits).toEqual([1, 2]);
    expect(result.measurements).toEqual(Array(10).fill([1, 0]));
    await expect(
      braket.send(
        new CreateQuantumTaskCommand(
          taskInput({ deviceArn: GARNET, action: action(verbatim(1, 3)), shots: 10 }),
        ),
      ),
    ).rejects.toThrow(/not coupled/);
  });

  it('refuses invalid requests with ValidationException and never runs them', async () => {
    const before = standIn.tasks.size;
    const invalid: Array<[Partial<CreateQuantumTaskCommandInput>, RegExp]> = [
      [{ deviceArn: 'arn:aws:braket:::device/quantum-simulator/amazon/sv9' }, /does not exist/],
      [{ deviceArn: '' }, /at 'deviceArn' .* length greater than or equal to 1/],
      [{ shots: -5 }, /at 'shots' .* greater than or equal to 0/],
      [{ shots: 100001 }, /shots in \[0, 100000\]/],
      [{ clientToken: 'c'.repeat(65) }, /at 'clientToken' .* less than or equal to 64/],
      [{ outputS3Bucket: undefined }, /at 'outputS3Bucket' .* must not be null/],
      [{ action: action('OPENQASM 3.0;\nqubit[2] q;\nfoo q[0];') }, /gate foo is not supported/],
    ];
    for (const [overrides, message] of invalid) {
      const error = await braket
        .send(new CreateQuantumTaskCommand(taskInput(overrides)))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationException);
      expect((error as ValidationException).$metadata.httpStatusCode).toBe(400);
      expect((error as Error).message).toMatch(message);
    }
    expect(standIn.tasks.size).toBe(before);
  });

  it('describes devices as Braket does', async () => {
    const sv1 = await braket.send(new GetDeviceCommand({ deviceArn: SV1 }));
    const capabilities = JSON.parse(sv1.deviceCapabilities!);
    expect(capabilities.paradigm.qubitCount).toBe(34);
    expect(capabilities.action['braket.ir.openqasm.program'].supportedOperations).toEqual(
      expect.arrayContaining(['rx', 'rz', 'cz', 'cnot', 'h']),
    );
    const garnet = JSON.parse(
      (await braket.send(new GetDeviceCommand({ deviceArn: GARNET }))).deviceCapabilities!,
    );
    expect(garnet.paradigm).toMatchObject({ qubitCount: 20, nativeGateSet: ['cz', 'prx'] });
    expect(garnet.paradigm.connectivity.connectivityGraph['1']).toEqual(['2', '4']);
  });

  it('surfaces injected throttling and internal errors through the SDK', async () => {
    standIn.faults.inject({ kind: 'throttle', service: 'braket', operation: 'GetDevice' });
    const throttled = await braket.send(new GetDeviceCommand({ deviceArn: SV1 })).catch((e: unknown) => e);
    expect(throttled).toBeInstanceOf(ThrottlingException);
    expect((throttled as ThrottlingException).$metadata.httpStatusCode).toBe(429);
    standIn.faults.inject({ kind: 'error', service: 'braket' });
    await expect(braket.send(new GetDeviceCommand({ deviceArn: SV1 }))).rejects.toMatchObject({
      name: 'InternalServiceException',
    });
    expect((await braket.send(new GetDeviceCommand({ deviceArn: SV1 }))).deviceName).toBe('SV1');
  });

  it('the SDK retries throttled calls by itself and succeeds', async () => {
    const retrying = new BraketClient({ ...standIn.clientConfig, maxAttempts: 3 });
    standIn.faults.inject({ kind: 'throttle', operation: 'GetDevice', times: 2 });
    expect((await retrying.send(new GetDeviceCommand({ deviceArn: SV1 }))).deviceName).toBe('SV1');
    retrying.destroy();
  });

  it('holds a hung call unanswered until the client gives up', async () => {
    standIn.faults.inject({ kind: 'hang', operation: 'GetDevice' });
    const seen = standIn.requests.length;
    const controller = new AbortController();
    const call = braket.send(new GetDeviceCommand({ deviceArn: SV1 }), { abortSignal: controller.signal });
    await expect.poll(() => standIn.requests.slice(seen).some((r) => r.operation === 'GetDevice')).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow(/abort/i);
  });
});
