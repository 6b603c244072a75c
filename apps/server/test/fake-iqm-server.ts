import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Counts, NativeCircuit } from '@hivqe/engine';

/**
 * IQM Server (API v1) on 127.0.0.1, answering in the shapes IQM's own clients read (iqm-client's
 * iqm_server_client, QDMI-on-IQM, CUDA-Q's IQM helper; see decisions.md): Bearer token, jobs submitted per
 * quantum computer alias and then addressed by id, the statuses waiting → processing → completed, failed
 * (reasons in `errors`) or cancelled, counts as `{measurement_keys, counts}` per circuit, and the device as
 * the default calibration set's dynamic quantum architecture. It refuses what IQM Server refuses: other
 * paths (404), other methods (405), a missing or wrong token (401), a malformed circuit or one using
 * uncalibrated gates (400). Its routes are written out here rather than taken from the client's paths, so
 * that a wrong path in the client fails the tests.
 */

export interface FakeIqmDevice {
  qubits: string[];
  /** The pairs with a calibrated `cz` (its default implementation's loci). */
  connectivity: Array<[string, string]>;
  /** Coupled pairs whose default `cz` is not calibrated now: listed only under another implementation. */
  uncalibratedCouplings?: Array<[string, string]>;
  /** Qubits whose `measure` is not calibrated now: they keep a `prx` but cannot be read. */
  unreadableQubits?: string[];
}

export interface FakeIqmServerOptions {
  /** Runs one circuit; the tests of the server plug in the engine's native simulator. */
  execute: (circuit: NativeCircuit, shots: number) => Counts;
  /** 'fake-iqm-token' unless given. */
  token?: string;
  /** The quantum computers by alias and their devices; garnet, emerald and sirius, each a 2×3 grid, unless given. */
  computers?: Record<string, FakeIqmDevice>;
  /** Status polls a job answers before it ends: first 'waiting', then 'processing'. 1 unless given. */
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
  /** The calibration set the submission named, if any. */
  calibrationSetId?: string;
  status: 'waiting' | 'processing' | 'completed' | 'failed' | 'cancelled';
  errors: string[];
  counts?: Counts[];
  statusPolls: number;
}

export interface FakeIqmServer {
  /** The base URL to configure (IQM Server's root), without a trailing slash. */
  baseUrl: string;
  token: string;
  /** Each quantum computer's default calibration set id, by alias. */
  calibrationSetIds: Record<string, string>;
  /** Every request received, in order, including refused ones. */
  requests: FakeIqmRequest[];
  /** Every accepted job, in order of submission. */
  jobs: FakeIqmJob[];
  /** The next job submitted fails, with this error message, when it would have completed. */
  failNextJob(message: string): void;
  /** While held, jobs stay 'processing' however often they are polled. */
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
const ENDED = new Set(['completed', 'failed', 'cancelled']);
const CZ_DEFAULT = 'tgss';

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

type Answer = { status: number; body?: unknown };
const refuse = (status: number, message: string): Answer => ({ status, body: { message } });

export async function startFakeIqmServer(options: FakeIqmServerOptions): Promise<FakeIqmServer> {
  const token = options.token ?? 'fake-iqm-token';
  const computers = options.computers ?? { garnet: GRID_2X3, emerald: GRID_2X3, sirius: GRID_2X3 };
  const calibrationSetIds = Object.fromEntries(Object.keys(computers).map((alias) => [alias, randomUUID()]));
  const pollsBeforeReady = options.pollsBeforeReady ?? 1;
  const requests: FakeIqmRequest[] = [];
  const jobs: FakeIqmJob[] = [];
  let nextFailure: string | undefined;
  const failures = new Map<string, string>();
  let held = false;
  let override: Answer | undefined;

  function advance(job: FakeIqmJob): void {
    job.statusPolls++;
    if (ENDED.has(job.status)) return;
    if (held || job.statusPolls <= pollsBeforeReady) {
      job.status = job.statusPolls === 1 ? 'waiting' : 'processing';
      return;
    }
    const failure = failures.get(job.id);
    if (failure !== undefined) {
      job.status = 'failed';
      job.errors = [failure];
      return;
    }
    try {
      job.counts = job.circuits.map((circuit) => options.execute(circuit, job.shots));
      job.status = 'completed';
    } catch (error) {
      job.status = 'failed';
      job.errors = [error instanceof Error ? error.message : String(error)];
    }
  }

  const jobData = (job: FakeIqmJob) => ({
    id: job.id,
    status: job.status,
    errors: job.errors.map((message) => ({ message })),
  });

  function submit(alias: string, body: unknown): Answer {
    const device = computers[alias];
    if (!device) return refuse(404, `Quantum computer not found: ${alias}`);
    const invalid = submissionError(body, device, calibrationSetIds[alias]);
    if (invalid) return refuse(400, invalid);
    const submitted = body as { circuits: NativeCircuit[]; shots: number; calibration_set_id?: string };
    const job: FakeIqmJob = {
      id: randomUUID(),
      computer: alias,
      circuits: submitted.circuits,
      shots: submitted.shots,
      calibrationSetId: submitted.calibration_set_id,
      status: 'waiting',
      errors: [],
      statusPolls: 0,
    };
    if (nextFailure !== undefined) failures.set(job.id, nextFailure);
    nextFailure = undefined;
    jobs.push(job);
    return { status: 200, body: jobData(job) };
  }

  function onJob(id: string, action: string | undefined): Answer {
    const job = jobs.find((candidate) => candidate.id === id);
    if (!job) return refuse(404, `Job not found: ${id}`);
    switch (action) {
      case undefined:
        advance(job);
        return { status: 200, body: jobData(job) };
      case 'artifacts/measurement_counts':
        if (!job.counts) return refuse(404, `Job ${id} has no measurement_counts artifact (${job.status})`);
        return {
          status: 200,
          body: job.circuits.map((circuit, index) => ({
            measurement_keys: measurementKeys(circuit),
            counts: job.counts![index],
          })),
        };
      default:
        // A job that has ended keeps its state.
        if (!ENDED.has(job.status)) job.status = 'cancelled';
        return { status: 200 };
    }
  }

  function route(method: string, path: string, body: unknown): Answer {
    const submission = /^\/api\/v1\/jobs\/([^/]+)\/circuit$/.exec(path);
    const job = /^\/api\/v1\/jobs\/([^/]+)(?:\/(artifacts\/measurement_counts|cancel))?$/.exec(path);
    const architecture = /^\/api\/v1\/calibration-sets\/([^/]+)\/([^/]+)\/dynamic-quantum-architecture$/.exec(
      path,
    );
    const expected = submission
      ? 'POST'
      : job
        ? job[2] === 'cancel'
          ? 'POST'
          : 'GET'
        : architecture
          ? 'GET'
          : undefined;
    if (!expected) return refuse(404, 'Not Found');
    if (method !== expected) return refuse(405, 'Method Not Allowed');
    if (submission) return submit(decodeURIComponent(submission[1]), body);
    if (job) return onJob(decodeURIComponent(job[1]), job[2]);
    const [, alias, set] = architecture!.map(decodeURIComponent);
    const device = computers[alias];
    if (!device) return refuse(404, `Quantum computer not found: ${alias}`);
    if (set !== 'default' && set !== calibrationSetIds[alias]) {
      return refuse(404, `Calibration set not found: ${set}`);
    }
    return { status: 200, body: dynamicArchitecture(device, calibrationSetIds[alias]) };
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

    let answer: Answer;
    if (override) {
      answer = override;
      override = undefined;
    } else if (req.headers.authorization !== `Bearer ${token}`) {
      answer = refuse(401, 'Invalid or missing token');
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
        .end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    calibrationSetIds,
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

const measurementKeys = (circuit: NativeCircuit): string[] =>
  circuit.instructions.flatMap((op) => (op.name === 'measure' ? [op.args.key] : []));

const readable = (device: FakeIqmDevice) =>
  device.qubits.filter((qubit) => !(device.unreadableQubits ?? []).includes(qubit));

/**
 * The default calibration set's dynamic quantum architecture. An uncalibrated coupling is listed under a
 * second, non-default cz implementation, as a coupling calibrated only that way would be, so that a client
 * reading every implementation rather than the default one would take it for usable.
 */
function dynamicArchitecture(device: FakeIqmDevice, calibrationSetId: string) {
  const gate = (implementation: string, loci: string[][], others: Record<string, string[][]> = {}) => ({
    implementations: Object.fromEntries(
      [[implementation, loci] as const, ...Object.entries(others)].map(([name, l]) => [name, { loci: l }]),
    ),
    default_implementation: implementation,
    override_default_implementation: {},
  });
  const uncalibrated = device.uncalibratedCouplings ?? [];
  return {
    calibration_set_id: calibrationSetId,
    qubits: device.qubits,
    computational_resonators: [],
    gates: {
      prx: gate(
        'drag_gaussian',
        device.qubits.map((qubit) => [qubit]),
      ),
      cz: gate(CZ_DEFAULT, device.connectivity, { crf: [...device.connectivity, ...uncalibrated] }),
      measure: gate(
        'constant',
        readable(device).map((qubit) => [qubit]),
      ),
    },
  };
}

/**
 * Why IQM would refuse this submission, or null. One measure instruction per circuit is this fake's own
 * limit (its executors read one).
 */
function submissionError(body: unknown, device: FakeIqmDevice, calibrationSetId: string): string | null {
  if (!isObject(body)) return 'The body must be a JSON object';
  const { circuits, shots, calibration_set_id: set } = body;
  if (!Number.isInteger(shots) || (shots as number) < 1) return 'shots must be a positive integer';
  if (set !== undefined && set !== null && set !== calibrationSetId) {
    return `Calibration set not found: ${String(set)}`;
  }
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
      const calibrated = device.connectivity.some(([p, q]) => (p === a && q === b) || (p === b && q === a));
      return calibrated ? null : `cz ${a}–${b}: no calibrated ${CZ_DEFAULT} cz on this locus`;
    }
    case 'measure': {
      const unreadable = qubits.filter((qubit) => !readable(device).includes(qubit));
      if (unreadable.length > 0) return `measure: no calibrated measure on ${unreadable.join(', ')}`;
      return typeof args.key === 'string' && args.key !== '' ? null : 'measure needs a key';
    }
    default:
      return `unknown operation ${JSON.stringify(name)}`;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
