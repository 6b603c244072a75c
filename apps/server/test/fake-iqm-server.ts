import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Counts, NativeCircuit, NativeInstruction } from '@hivqe/engine';

/**
 * IQM Server (API v1) on 127.0.0.1, answering in the shapes IQM's own clients read (iqm-client's
 * iqm_server_client, QDMI-on-IQM, CUDA-Q's IQM helper; see decisions.md): Bearer token, jobs submitted per
 * quantum computer alias and then addressed by id, the statuses waiting (with a `queue_position`) →
 * processing → completed, failed (reasons in `errors`) or cancelled, counts as `{measurement_keys, counts}`
 * per circuit, the device as the default calibration set's dynamic quantum architecture, and each quantum
 * computer's health by its id. Circuits must be in today's format (`locus`, prx `angle`/`phase` in radians):
 * the retired `qubits` and `angle_t`/`phase_t` are refused. It refuses what IQM Server refuses: other
 * paths (404), other methods (405), a missing or wrong token (401), a malformed circuit or one using
 * uncalibrated gates (400). Beyond IQM's clients, it finds a job by the client token its circuits' metadata
 * carried (`GET /api/v1/jobs?quantum_computer=&client_token=`, decisions.md, issue 26), so that a submission whose
 * answer was lost is looked up rather than sent again. Its routes are written out here rather than taken from the client's paths, so
 * that a wrong path in the client fails the tests. Faults can be injected per request (an answer with any
 * status and Retry-After, a connection dropped before or after the request is handled).
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
  /** Polls a job waits in the queue first, its `queue_position` counting down to 1; 0 unless given. */
  queuePolls?: number;
}

/** One injected fault: an answer instead of IQM's, or a connection dropped before or after IQM handles it. */
export type FakeIqmFault =
  { status: number; retryAfter?: string; body?: unknown } | { drop: 'before' | 'after' };

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
  /** The circuits as the engine writes them (read back from IQM's format), for the executors and the tests. */
  circuits: NativeCircuit[];
  shots: number;
  /** The calibration set the submission named, if any. */
  calibrationSetId?: string;
  /** The client token the circuits' metadata carried, if any. */
  clientToken?: string;
  status: 'waiting' | 'processing' | 'completed' | 'failed' | 'cancelled';
  errors: string[];
  counts?: Counts[];
  statusPolls: number;
  /** Polls it still waits in the queue. */
  queued: number;
  /** Its queue position as the last poll answered it, while it waits in the queue. */
  position?: number;
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
  /** Jobs after the first `count` submitted stay 'processing' however often they are polled, until null. */
  holdJobsAfter(count: number | null): void;
  /** The next request, whatever it is, is answered with this status and body instead: JSON, or text if a string. */
  answerNext(status: number, body?: unknown): void;
  /** The next requests with this method and a path matching `path` meet these faults, one each, in order. */
  injectFaults(method: string, path: RegExp, faults: FakeIqmFault[]): void;
  /** Faults injected and not yet met. */
  pendingFaults(): number;
  /** While held, jobs stay in the queue at their position however often they are polled. */
  holdQueue(hold: boolean): void;
  /** The quantum computer's health as its endpoint answers it (healthy unless set). */
  setHealth(alias: string, health: { healthy: boolean } & Record<string, unknown>): void;
  /** Accepted submissions per circuit content (instructions and shots, names aside): more than 1 is a repeat. */
  submissionsPerContent(): number[];
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
 * angle_t ½ (π radians on the wire) flips its qubit, anything else leaves it alone, and every shot measures
 * the same bits.
 */
export function flipExecutor(circuit: NativeCircuit, shots: number): Counts {
  const flipped = new Set<string>();
  let measured: string[] = [];
  for (const instruction of circuit.instructions) {
    if (instruction.name === 'prx' && Math.abs(instruction.args.angle_t - 0.5) < 1e-12) {
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

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
const refuse = (status: number, message: string): Answer => ({ status, body: { message } });

export async function startFakeIqmServer(options: FakeIqmServerOptions): Promise<FakeIqmServer> {
  const token = options.token ?? 'fake-iqm-token';
  const computers = options.computers ?? { garnet: GRID_2X3, emerald: GRID_2X3, sirius: GRID_2X3 };
  const calibrationSetIds = Object.fromEntries(Object.keys(computers).map((alias) => [alias, randomUUID()]));
  const computerIds = Object.fromEntries(Object.keys(computers).map((alias) => [alias, randomUUID()]));
  const health = new Map<string, { healthy: boolean } & Record<string, unknown>>();
  const pollsBeforeReady = options.pollsBeforeReady ?? 1;
  const requests: FakeIqmRequest[] = [];
  const jobs: FakeIqmJob[] = [];
  const contents = new Map<string, number>();
  let nextFailure: string | undefined;
  const failures = new Map<string, string>();
  let held = false;
  let heldAfter = Infinity;
  let queueHeld = false;
  let override: Answer | undefined;
  const faults: Array<{ method: string; path: RegExp; fault: FakeIqmFault }> = [];

  function advance(job: FakeIqmJob): void {
    job.statusPolls++;
    if (ENDED.has(job.status)) return;
    job.position = job.queued > 0 ? job.queued : undefined;
    if (job.queued > 0) {
      job.status = 'waiting';
      if (!queueHeld) job.queued--;
      job.statusPolls = 0;
      return;
    }
    if (held || jobs.indexOf(job) >= heldAfter || job.statusPolls <= pollsBeforeReady) {
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
    ...(job.status === 'waiting' && job.position !== undefined ? { queue_position: job.position } : {}),
  });

  function submit(alias: string, body: unknown): Answer {
    const device = computers[alias];
    if (!device) return refuse(404, `Quantum computer not found: ${alias}`);
    const invalid = submissionError(body, device, calibrationSetIds[alias]);
    if (invalid) return refuse(400, invalid);
    const submitted = body as { circuits: WireCircuit[]; shots: number; calibration_set_id?: string };
    const token = submitted.circuits[0].metadata?.[CLIENT_TOKEN_KEY];
    const content = createHash('sha256')
      .update(JSON.stringify([submitted.circuits.map((circuit) => circuit.instructions), submitted.shots]))
      .digest('hex');
    contents.set(content, (contents.get(content) ?? 0) + 1);
    const job: FakeIqmJob = {
      id: randomUUID(),
      computer: alias,
      circuits: submitted.circuits.map(fromWire),
      shots: submitted.shots,
      calibrationSetId: submitted.calibration_set_id,
      ...(typeof token === 'string' ? { clientToken: token } : {}),
      status: 'waiting',
      errors: [],
      statusPolls: 0,
      queued: options.queuePolls ?? 0,
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

  function quantumComputers(path: string): Answer | undefined {
    if (path === '/api/v1/quantum-computers') {
      return {
        status: 200,
        body: {
          quantum_computers: Object.keys(computers).map((alias) => ({ id: computerIds[alias], alias })),
        },
      };
    }
    const match = /^\/api\/v1\/quantum-computers\/([^/]+)\/health$/.exec(path);
    if (!match) return undefined;
    const alias = Object.keys(computers).find((candidate) => computerIds[candidate] === match[1]);
    if (!alias) return refuse(404, `Quantum computer not found: ${match[1]}`);
    return { status: 200, body: health.get(alias) ?? { healthy: true } };
  }

  /** The jobs submitted to a computer with a client token: at most one, as the client sends a token once. */
  function jobsByToken(query: URLSearchParams): Answer {
    const alias = query.get('quantum_computer');
    const token = query.get('client_token');
    if (!alias || !token) return refuse(400, 'quantum_computer and client_token are required');
    const found = jobs.filter((job) => job.computer === alias && job.clientToken === token);
    return { status: 200, body: { jobs: found.map(jobData) } };
  }

  function route(method: string, path: string, body: unknown, query: URLSearchParams): Answer {
    const computer = quantumComputers(path);
    if (computer) return method === 'GET' ? computer : refuse(405, 'Method Not Allowed');
    if (path === '/api/v1/jobs')
      return method === 'GET' ? jobsByToken(query) : refuse(405, 'Method Not Allowed');
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
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    requests.push({ method, path, headers: req.headers, body });

    const faultAt = faults.findIndex((f) => f.method === method && f.path.test(path));
    const fault = faultAt === -1 ? undefined : faults.splice(faultAt, 1)[0].fault;
    if (fault && 'drop' in fault) {
      // 'after': IQM has handled the request (a submission is accepted), but its answer never arrives.
      if (fault.drop === 'after' && req.headers.authorization === `Bearer ${token}`)
        route(method, path, body, url.searchParams);
      req.socket.destroy();
      return;
    }
    let answer: Answer;
    if (fault) {
      answer = {
        status: fault.status,
        body: fault.body ?? { message: `Injected ${fault.status}` },
        ...(fault.retryAfter === undefined ? {} : { headers: { 'retry-after': fault.retryAfter } }),
      };
    } else if (override) {
      answer = override;
      override = undefined;
    } else if (req.headers.authorization !== `Bearer ${token}`) {
      answer = refuse(401, 'Invalid or missing token');
    } else {
      answer = route(method, path, body, url.searchParams);
    }
    const headers = answer.headers ?? {};
    if (answer.body === undefined) {
      res.writeHead(answer.status, headers).end();
    } else if (typeof answer.body === 'string') {
      res.writeHead(answer.status, { ...headers, 'content-type': 'text/plain' }).end(answer.body);
    } else {
      res
        .writeHead(answer.status, { ...headers, 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
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
    holdJobsAfter: (count) => {
      heldAfter = count ?? Infinity;
    },
    holdJobs: (hold) => {
      held = hold;
    },
    answerNext: (status, body) => {
      override = { status, body };
    },
    injectFaults: (method, path, injected) => {
      faults.push(...injected.map((fault) => ({ method, path, fault })));
    },
    pendingFaults: () => faults.length,
    holdQueue: (hold) => {
      queueHeld = hold;
    },
    setHealth: (alias, state) => {
      health.set(alias, state);
    },
    submissionsPerContent: () => [...contents.values()],
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

/** IQM's circuit format today: iqm-pulse's CircuitOperation (`name`, `locus`, `args`, `implementation`). */
interface WireOperation {
  name: string;
  locus: string[];
  args: Record<string, unknown>;
  implementation?: string | null;
}
interface WireCircuit {
  name: string;
  instructions: WireOperation[];
  metadata?: Record<string, unknown> | null;
}
/** Written out rather than imported, as the routes are: the client's key must match what this fake reads. */
const CLIENT_TOKEN_KEY = 'hivqe_client_token';

const TURN = 2 * Math.PI;

/** A checked circuit as the engine writes it, so that the executors run what IQM would. */
function fromWire(circuit: WireCircuit): NativeCircuit {
  return {
    name: circuit.name,
    instructions: circuit.instructions.map((op): NativeInstruction => {
      switch (op.name) {
        case 'prx':
          return {
            name: 'prx',
            qubits: [op.locus[0]] as [string],
            args: { angle_t: (op.args.angle as number) / TURN, phase_t: (op.args.phase as number) / TURN },
          };
        case 'cz':
          return { name: 'cz', qubits: [op.locus[0], op.locus[1]] as [string, string], args: {} };
        default:
          return { name: 'measure', qubits: op.locus, args: { key: op.args.key as string } };
      }
    }),
  };
}

function instructionError(instruction: unknown, device: FakeIqmDevice): string | null {
  if (!isObject(instruction) || !isObject(instruction.args))
    return 'an instruction must have a name and args';
  const { name, locus, args, implementation } = instruction;
  if ('qubits' in instruction) {
    return `${String(name)}: instructions name their qubits in locus; qubits is the retired format`;
  }
  if (implementation !== undefined && implementation !== null && typeof implementation !== 'string') {
    return `${String(name)}: implementation must be a string or null`;
  }
  if (
    !Array.isArray(locus) ||
    locus.length === 0 ||
    locus.some((qubit) => !device.qubits.includes(qubit as string))
  ) {
    return `${String(name)} acts on unknown qubits ${JSON.stringify(locus)}`;
  }
  const qubits = locus as string[];
  if (new Set(qubits).size !== qubits.length) return `${String(name)} repeats a qubit`;
  switch (name) {
    case 'prx': {
      if (qubits.length !== 1) return 'prx acts on one qubit';
      const keys = Object.keys(args).sort().join(',');
      if (keys !== 'angle,phase' || !Number.isFinite(args.angle) || !Number.isFinite(args.phase)) {
        return `prx takes numeric angle and phase (radians), got ${JSON.stringify(args)}`;
      }
      return null;
    }
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
