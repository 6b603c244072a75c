import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVICES, deviceCapabilities, findDevice, type StandInDevice } from './braket/devices.ts';
import { HybridJobs, type StandInJob } from './braket/jobs.ts';
import { QuantumTasks, type QuantumTaskRecord } from './braket/tasks.ts';
import { Faults, type Fault } from './faults.ts';
import { LOGS_OPERATIONS, runLogsOperation } from './logs/operations.ts';
import { LogStore, type LogEvent } from './logs/store.ts';
import { decodeAwsChunked } from './protocol/aws-chunked.ts';
import { bindRestInput, parseJsonBody } from './protocol/bind.ts';
import { AwsError, notFound } from './protocol/errors.ts';
import { sendError, sendJson, serviceError } from './protocol/replies.ts';
import { matchRoute } from './protocol/route.ts';
import { signedService } from './protocol/sigv4.ts';
import { runS3Operation, S3_OPERATIONS } from './s3/operations.ts';
import { ObjectStore } from './s3/store.ts';
import { validateAgainstModel, validationMessage } from './validation/model-validator.ts';
import { assertModelsPresent, DEFAULT_MODELS_DIR, loadModel, type ServiceName } from './validation/models.ts';

export interface StandInOptions {
  /** botocore's data directory (default: Debian's python3-botocore). */
  modelsDir?: string;
  port?: number;
  region?: string;
  accountId?: string;
  /** Buckets that exist from the start (default: `amazon-braket-stand-in`). */
  buckets?: string[];
  simulate?: {
    /** Milliseconds a quantum task stays QUEUED, then RUNNING (default 0). */
    delayMs?: number;
    /** Seed of the first task's sampling; task n uses seed + n (default 1). */
    seed?: number;
  };
  /** Runs a hybrid job (e.g. spawns the job program with `job.env`); settles when the job ends. */
  runJob?: (job: StandInJob) => Promise<void>;
}

export interface RecordedRequest {
  service: ServiceName | undefined;
  operation: string | undefined;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The operation's input as bound from the request (member names as in the SDKs). */
  input: Record<string, unknown> | undefined;
  /** Set when the stand-in refused or failed the call. */
  error?: { code: string; status: number; message: string };
}

export interface AwsStandIn {
  endpoint: string;
  region: string;
  accountId: string;
  /** Configuration for an AWS SDK v3 client of any of the three services. */
  clientConfig: {
    endpoint: string;
    region: string;
    forcePathStyle: true;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  requests: RecordedRequest[];
  s3: {
    createBucket(bucket: string): void;
    /** Creates the bucket when missing. */
    put(bucket: string, key: string, body: Buffer | string, contentType?: string): void;
    get(bucket: string, key: string): Buffer | undefined;
    keys(bucket: string, prefix?: string): string[];
  };
  logs: {
    append(group: string, stream: string, message: string, timestamp?: number): void;
    events(group: string, stream: string): LogEvent[] | undefined;
  };
  tasks: ReadonlyMap<string, QuantumTaskRecord>;
  devices: readonly StandInDevice[];
  faults: { inject(fault: Fault): void; clear(): void };
  close(): Promise<void>;
}

const BRAKET_OPERATIONS = [
  'CreateQuantumTask',
  'GetQuantumTask',
  'CancelQuantumTask',
  'GetDevice',
  'CreateJob',
  'GetJob',
  'CancelJob',
  'SearchJobs',
];

const SERVICES: Record<string, ServiceName> = { braket: 'braket', s3: 's3', logs: 'logs' };

/** Starts the stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startAwsStandIn(options: StandInOptions = {}): Promise<AwsStandIn> {
  const modelsDir = options.modelsDir ?? DEFAULT_MODELS_DIR;
  assertModelsPresent(modelsDir);
  const models = {
    braket: loadModel('braket', modelsDir),
    s3: loadModel('s3', modelsDir),
    logs: loadModel('logs', modelsDir),
  };
  const region = options.region ?? 'us-east-1';
  const accountId = options.accountId ?? '123456789012';
  const store = new ObjectStore();
  for (const bucket of options.buckets ?? ['amazon-braket-stand-in']) store.createBucket(bucket);
  const logStore = new LogStore();
  const faults = new Faults();
  const requests: RecordedRequest[] = [];
  let endpoint = '';
  const jobs = new HybridJobs(store, logStore, {
    region,
    accountId,
    endpoint: () => endpoint,
    runJob: options.runJob,
  });
  const tasks = new QuantumTasks(store, {
    region,
    accountId,
    delayMs: options.simulate?.delayMs ?? 0,
    seed: options.simulate?.seed ?? 1,
    jobArnForToken: (token) => jobs.jobArnForToken(token),
  });
  const hung = new Set<ServerResponse>();

  const braketHandlers: Record<string, (input: Record<string, unknown>) => unknown> = {
    CreateQuantumTask: (input) => tasks.create(input),
    GetQuantumTask: (input) => tasks.get(input),
    CancelQuantumTask: (input) => tasks.cancel(input),
    GetDevice: (input) => {
      const device = findDevice(input.deviceArn as string);
      if (!device) throw notFound(`Device ${String(input.deviceArn)} not found`);
      return {
        deviceArn: device.arn,
        deviceName: device.name,
        providerName: device.provider,
        deviceType: device.type,
        deviceStatus: 'ONLINE',
        deviceCapabilities: JSON.stringify(deviceCapabilities(device)),
      };
    },
    CreateJob: (input) => jobs.create(input),
    GetJob: (input) => jobs.get(input),
    CancelJob: (input) => jobs.cancel(input),
    SearchJobs: (input) => jobs.search(input),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const service = SERVICES[signedService(request.headers.authorization) ?? ''];
    const record: RecordedRequest = {
      service,
      operation: undefined,
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      input: undefined,
    };
    requests.push(record);
    if (!service) {
      record.error = {
        code: 'MissingAuthenticationToken',
        status: 403,
        message: 'request is not SigV4-signed for braket, s3 or logs',
      };
      sendJson(response, 403, { message: record.error.message });
      return;
    }
    try {
      const model = models[service];
      let operation: string | undefined;
      let input: Record<string, unknown>;
      if (service === 'logs') {
        operation = /^Logs_20140328\.(\w+)$/.exec(String(request.headers['x-amz-target']))?.[1];
        if (!operation || !(LOGS_OPERATIONS as readonly string[]).includes(operation))
          throw new AwsError(
            'UnknownOperationException',
            400,
            `unknown target ${String(request.headers['x-amz-target'])}`,
          );
        input = parseJsonBody(body);
      } else {
        const route = matchRoute(
          model,
          service === 's3' ? S3_OPERATIONS : BRAKET_OPERATIONS,
          record.method,
          url,
        );
        if (!route)
          throw new AwsError(
            service === 's3' ? 'NotImplemented' : 'UnknownOperationException',
            service === 's3' ? 501 : 404,
            `no operation for ${record.method} ${url.pathname}`,
          );
        operation = route.operation;
        input = bindRestInput(model, operation, {
          labels: route.labels,
          query: url.searchParams,
          headers: request.headers,
          body,
        });
      }
      record.operation = operation;
      record.input = input;
      const fault = faults.take(service, operation);
      if (fault === 'hang') {
        hung.add(response);
        return;
      }
      if (fault) throw serviceError(service, fault, `injected ${fault} fault`);
      const errors = validateAgainstModel(service, operation, input, modelsDir);
      if (errors.length > 0) throw serviceError(service, 'validation', validationMessage(errors));
      if (service === 's3') {
        const reply = runS3Operation(store, operation, input);
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
      } else if (service === 'logs') {
        sendJson(response, 200, runLogsOperation(logStore, operation, input), 'application/x-amz-json-1.1');
      } else {
        sendJson(
          response,
          model.operations[operation].http.responseCode ?? 200,
          braketHandlers[operation](input),
        );
      }
    } catch (error) {
      const failure =
        error instanceof AwsError ? error : serviceError(service, 'error', (error as Error).message);
      record.error = { code: failure.code, status: failure.status, message: failure.message };
      sendError(response, service, failure, url.pathname);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    region,
    accountId,
    clientConfig: {
      endpoint,
      region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'stand-in', secretAccessKey: 'stand-in' },
    },
    requests,
    s3: {
      createBucket: (bucket) => store.createBucket(bucket),
      put: (bucket, key, content, contentType) => {
        store.createBucket(bucket);
        store.put(bucket, key, content, contentType);
      },
      get: (bucket, key) => store.get(bucket, key)?.body,
      keys: (bucket, prefix) => store.keys(bucket, prefix),
    },
    logs: {
      append: (group, stream, message, timestamp) => logStore.append(group, stream, message, timestamp),
      events: (group, stream) => logStore.events(group, stream),
    },
    tasks: tasks.tasks,
    devices: DEVICES,
    faults: { inject: (fault) => faults.inject(fault), clear: () => faults.clear() },
    async close() {
      tasks.stop();
      await jobs.stop();
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const chunked =
    String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ||
    String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  return chunked ? decodeAwsChunked(body) : body;
}
