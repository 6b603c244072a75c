import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Counts, NativeCircuit } from '@hivqe/engine';

/**
 * IQM Resonance on 127.0.0.1, answering as its REST API is documented (cloud-services.md, with our readings
 * in decisions.md): Bearer token, per-computer paths, jobs kept in memory that become ready after a few
 * status polls, counts from an injected executor. Its routes are written out here rather than taken from
 * the client's paths, so that a wrong path in the client fails the tests.
 */

export interface FakeIqmDevice {
  qubits: string[];
  connectivity: Array<[string, string]>;
}

export interface FakeIqmServerOptions {
  /** Runs one circuit; the tests of the server plug in the engine's native simulator. */
  execute: (circuit: NativeCircuit, shots: number) => Counts;
  /** 'fake-iqm-token' unless given. */
  token?: string;
  /** The quantum computers and their devices; garnet, emerald and sirius, each a 2×3 grid, unless given. */
  computers?: Record<string, FakeIqmDevice>;
  /** Status polls a job answers before it is ready: first 'received', then 'pending execution'. 1 unless given. */
  pollsBeforeReady?: number;
}

export interface FakeIqmRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, undefined when there is none. */
  body: unknown;
}

export interface FakeIqmJob {
  id: string;
  computer: string;
  circuits: NativeCircuit[];
  shots: number;
  status: string;
  message?: string;
  counts?: Counts[];
  statusPolls: number;
}

export interface FakeIqmServer {
  /** The base URL to configure, without a trailing slash. */
  baseUrl: string;
  token: string;
  /** Every request received, in order, including refused ones. */
  requests: FakeIqmRequest[];
  /** Every accepted job, in order of submission. */
  jobs: FakeIqmJob[];
  /** The next job submitted fails, with this message, when it would have become ready. */
  failNextJob(message: string): void;
  /** While held, jobs stay 'pending execution' however often they are polled. */
  holdJobs(hold: boolean): void;
  /** The next request, whatever it is, is answered with this status and body instead: JSON, or text if a string. */
  answerNext(status: number, body?: unknown): void;
  close(): Promise<void>;
}

/** The fake's device unless told otherwise: six qubits in a 2×3 grid, enough for H2 (4 qubits). */
export const GRID_2X3: FakeIqmDevice = {
  qubits: ['QB1', 'QB2', 'QB3', 'QB4', 'QB5', 'QB6'],
  connectivity: [
    ['QB1', 'QB2'],
    ['QB2', 'QB3'],
    ['QB4', 'QB5'],
    ['QB5', 'QB6'],
    ['QB1', 'QB4'],
    ['QB2', 'QB5'],
    ['QB3', 'QB6'],
  ],
};
const TERMINAL = new Set(['ready', 'failed', 'aborted', 'deleted']);

/**
 * A classical stand-in for a quantum computer, for tests that need counts but no physics: prx with
 * angle_t ½ flips its qubit, anything else leaves it alone, and every shot measures the same bits.
 */
export function flipExecutor(circuit: NativeCircuit, shots: number): Counts {
  const flipped = new Set<string>();
  let measured: string[] = [];
  for (const instruction of circuit.instructions) {
    if (instruction.name === 'prx' && instruction.args.angle_t === 0.5) {
      const [qubit] = instruction.qubits;
      if (flipped.has(qubit)) flipped.delete(qubit);
      else flipped.add(qubit);
    }
    if (instruction.name === 'measure') measured = instruction.qubits;
  }
  return { [measured.map((qubit) => (flipped.has(qubit) ? '1' : '0')).join('')]: shots };
}

/** A circuit for `flipExecutor`: flips `flips`, then measures `measured` (QB1, QB2 unless given). */
export function flipCircuit(name: string, flips: string[], measured = ['QB1', 'QB2']): NativeCircuit {
  return {
    name,
    instructions: [
      ...flips.map((qubit) => ({
        name: 'prx' as const,
        qubits: [qubit] as [string],
        args: { angle_t: 0.5, phase_t: 0.25 },
      })),
      { name: 'measure' as const, qubits: measured, args: { key: 'm' } },
    ],
  };
}

export async function startFakeIqmServer(options: FakeIqmServerOptions): Promise<FakeIqmServer> {
  const token = options.token ?? 'fake-iqm-token';
  const computers = options.computers ?? { garnet: GRID_2X3, emerald: GRID_2X3, sirius: GRID_2X3 };
  const pollsBeforeReady = options.pollsBeforeReady ?? 1;
  const requests: FakeIqmRequest[] = [];
  const jobs: FakeIqmJob[] = [];
  let nextFailure: string | undefined;
  const failures = new Map<string, string>();
  let held = false;
  let override: { status: number; body: unknown } | undefined;

  function advance(job: FakeIqmJob): void {
    job.statusPolls++;
    if (TERMINAL.has(job.status)) return;
    if (held || job.statusPolls <= pollsBeforeReady) {
      job.status = job.statusPolls === 1 ? 'received' : 'pending execution';
      return;
    }
    const failure = failures.get(job.id);
    if (failure !== undefined) {
      job.status = 'failed';
      job.message = failure;
      return;
    }
    try {
      job.counts = job.circuits.map((circuit) => options.execute(circuit, job.shots));
      job.status = 'ready';
    } catch (error) {
      job.status = 'failed';
      job.message = error instanceof Error ? error.message : String(error);
    }
  }

  function route(method: string, path: string, body: unknown): { status: number; body?: unknown } {
    const match = /^\/([^/]+)\/(jobs|quantum-architecture)(?:\/([^/]+)\/(status|counts|abort))?$/.exec(path);
    if (!match) return { status: 404, body: { detail: 'Not Found' } };
    const [, computer, collection, id, action] = match.map((part) => part && decodeURIComponent(part));
    const device = computers[computer];
    if (!device) return { status: 404, body: { detail: `Unknown quantum computer: ${computer}` } };
    const expected =
      collection === 'quantum-architecture' || action === 'status' || action === 'counts' ? 'GET' : 'POST';
    if (method !== expected) return { status: 405, body: { detail: 'Method Not Allowed' } };

    if (collection === 'quantum-architecture') {
      return { status: 200, body: architecture(computer, device) };
    }
    if (!action) {
      const invalid = submissionError(body, device);
      if (invalid) return { status: 400, body: { detail: invalid } };
      const submitted = body as { circuits: NativeCircuit[]; shots: number };
      const job: FakeIqmJob = {
        id: randomUUID(),
        computer,
        circuits: submitted.circuits,
        shots: submitted.shots,
        status: 'received',
        statusPolls: 0,
      };
      if (nextFailure !== undefined) failures.set(job.id, nextFailure);
      nextFailure = undefined;
      jobs.push(job);
      return { status: 200, body: { id: job.id } };
    }
    const job = jobs.find((candidate) => candidate.id === id && candidate.computer === computer);
    if (!job) return { status: 404, body: { detail: `Job not found: ${id}` } };
    switch (action) {
      case 'status':
        advance(job);
        return {
          status: 200,
          body:
            job.status === 'failed' ? { status: job.status, message: job.message } : { status: job.status },
        };
      case 'counts':
        return {
          status: 200,
          body: { status: job.status, counts_batch: job.counts?.map((counts) => ({ counts })) ?? null },
        };
      default:
        if (TERMINAL.has(job.status)) {
          return { status: 409, body: { detail: `Job ${id} is ${job.status} and cannot be aborted` } };
        }
        job.status = 'aborted';
        return { status: 204 };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text === '' ? undefined : text;
    try {
      if (text !== '') body = JSON.parse(text);
    } catch {
      // Kept as text: the submit route refuses it as malformed.
    }
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method, path, headers: req.headers, body });

    let answer: { status: number; body?: unknown };
    if (override) {
      answer = override;
      override = undefined;
    } else if (req.headers.authorization !== `Bearer ${token}`) {
      answer = { status: 401, body: { detail: 'Invalid or missing token' } };
    } else {
      answer = route(method, path, body);
    }
    if (answer.body === undefined) {
      res.writeHead(answer.status).end();
    } else if (typeof answer.body === 'string') {
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    } else {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    requests,
    jobs,
    failNextJob: (message) => {
      nextFailure = message;
    },
    holdJobs: (hold) => {
      held = hold;
    },
    answerNext: (status, body) => {
      override = { status, body };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

function architecture(computer: string, device: FakeIqmDevice) {
  const single = device.qubits.map((qubit) => [qubit]);
  return {
    quantum_architecture: {
      name: computer,
      qubits: device.qubits,
      qubit_connectivity: device.connectivity,
      operations: { prx: single, cz: device.connectivity, measure: single, barrier: [] },
    },
  };
}

/** Why IQM would refuse this submission, or null. One measure instruction per circuit is this fake's limit. */
function submissionError(body: unknown, device: FakeIqmDevice): string | null {
  if (!isObject(body)) return 'The body must be a JSON object';
  const { circuits, shots } = body;
  if (!Number.isInteger(shots) || (shots as number) < 1) return 'shots must be a positive integer';
  if (!Array.isArray(circuits) || circuits.length === 0) return 'circuits must be a non-empty list';
  for (const [index, circuit] of circuits.entries()) {
    if (!isObject(circuit) || typeof circuit.name !== 'string' || circuit.name === '') {
      return `circuits[${index}] must have a name`;
    }
    if (!Array.isArray(circuit.instructions))
      return `circuit ${circuit.name} must have a list of instructions`;
    let measures = 0;
    for (const instruction of circuit.instructions) {
      const invalid = instructionError(instruction, device);
      if (invalid) return `circuit ${circuit.name}: ${invalid}`;
      if ((instruction as { name: string }).name === 'measure') measures++;
    }
    if (measures !== 1) return `circuit ${circuit.name} must have exactly one measure instruction`;
  }
  return null;
}

function instructionError(instruction: unknown, device: FakeIqmDevice): string | null {
  if (!isObject(instruction) || !isObject(instruction.args))
    return 'an instruction must have a name and args';
  const { name, qubits, args } = instruction;
  if (
    !Array.isArray(qubits) ||
    qubits.length === 0 ||
    qubits.some((qubit) => !device.qubits.includes(qubit))
  ) {
    return `${String(name)} acts on unknown qubits ${JSON.stringify(qubits)}`;
  }
  if (new Set(qubits).size !== qubits.length) return `${String(name)} repeats a qubit`;
  switch (name) {
    case 'prx':
      if (qubits.length !== 1) return 'prx acts on one qubit';
      if (!Number.isFinite(args.angle_t) || !Number.isFinite(args.phase_t)) {
        return 'prx needs numeric angle_t and phase_t';
      }
      return null;
    case 'cz': {
      if (qubits.length !== 2) return 'cz acts on two qubits';
      if (Object.keys(args).length !== 0) return 'cz takes no arguments';
      const [a, b] = qubits;
      const coupled = device.connectivity.some(([p, q]) => (p === a && q === b) || (p === b && q === a));
      return coupled ? null : `cz ${a}–${b}: the qubits are not coupled`;
    }
    case 'measure':
      return typeof args.key === 'string' && args.key !== '' ? null : 'measure needs a key';
    default:
      return `unknown operation ${JSON.stringify(name)}`;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
