import type { Counts, NativeCircuit, NativeDevice } from '@hivqe/engine';
import { z } from 'zod';
import { toIqmCircuit } from './iqm-circuit-format.ts';
import { IqmError } from './iqm-error.ts';
import { IQM_PATHS } from './iqm-paths.ts';
import {
  REAL_CLOCK,
  retryAfterMs,
  withRetries,
  type AttemptFailure,
  type IqmRetryOptions,
} from './iqm-retry.ts';

export { IqmError } from './iqm-error.ts';

export const IQM_UNAUTHORIZED_MESSAGE =
  'IQM Resonance rejected the API key (401). Check the key in Account Settings.';

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * A submission whose answer is lost, not found by its token, is sent again at most this often: each round
 * already rode out its own retries, so a server that keeps losing answers is not fed jobs for ever.
 */
const LOST_ANSWER_ROUNDS = 3;
/** Enough of an unexpected error page to say what it was without flooding a job's failure reason. */
const MAX_DETAIL_CHARS = 300;

/**
 * A job's state as IQM Server gives it: waiting, processing, then completed, failed or cancelled. Kept a
 * string because IQM has added statuses between API versions. `message` says why a failed job failed (the
 * messages of its `errors`).
 */
export interface IqmJobStatus {
  status: string;
  message?: string;
  /** The job's place in the quantum computer's queue, while it waits and IQM says. */
  queuePosition?: number;
}

/** Whether the quantum computer takes jobs now, as IQM says; unknown where the server has no health endpoint. */
export type IqmHealth = { healthy: true } | { healthy: false; reason: string } | { healthy: 'unknown' };

/** One circuit's counts, and the measurement keys whose bits, in this order, make up each bitstring. */
export interface IqmCircuitCounts {
  measurementKeys: string[];
  counts: Counts;
}

/** The device as one calibration set leaves it usable, and that set's id (jobs name it to run on it). */
export interface IqmCalibratedDevice {
  calibrationSetId: string;
  device: NativeDevice;
}

export interface IqmClientOptions {
  /** IQM Server's root, e.g. `https://resonance.iqm.tech`. */
  baseUrl: string;
  token: string;
  /** The quantum computer's alias: garnet, emerald, sirius. */
  computer: string;
  /** Per request, including reading the answer; 30 s unless given. */
  timeoutMs?: number;
  /** How each call rides out 429, 5xx, timeouts and dropped connections. */
  retry?: IqmRetryOptions;
  fetch?: typeof fetch;
}

/** IQM Server answers a submission, and a status request, with the job's data. */
const jobAnswer = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  errors: z.array(z.object({ message: z.string() })).nullish(),
  queue_position: z.number().int().nonnegative().nullish(),
});
/** The jobs a client token names (at most one, unless IQM let the same token through twice). */
const jobsByTokenAnswer = z.object({ jobs: z.array(z.object({ id: z.string().min(1) })) });
const computersAnswer = z.object({
  quantum_computers: z.array(z.object({ id: z.string().min(1), alias: z.string() })),
});
const healthAnswer = z.looseObject({ healthy: z.boolean() });
const countsAnswer = z.array(
  z.object({
    measurement_keys: z.array(z.string()),
    counts: z.record(z.string().regex(/^[01]*$/), z.number().int().nonnegative()),
  }),
);
const gateAnswer = z.object({
  default_implementation: z.string(),
  implementations: z.record(z.string(), z.object({ loci: z.array(z.array(z.string())) })),
});
const architectureAnswer = z.object({
  calibration_set_id: z.string().min(1),
  qubits: z.array(z.string()),
  gates: z.record(z.string(), gateAnswer),
});
type ArchitectureAnswer = z.infer<typeof architectureAnswer>;

/**
 * IQM Server's REST API (v1) for one quantum computer, kept thin: one method per endpoint, answers checked
 * and turned into the engine's types, every failure an `IqmError`. The token goes in the Authorization
 * header only, never into an error.
 */
export class IqmClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly computer: string;
  private readonly timeoutMs: number;
  private readonly retry: IqmRetryOptions;
  private readonly fetch: typeof fetch;

  constructor(options: IqmClientOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new Error(`IQM Resonance's base URL is not a URL: ${options.baseUrl}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(`IQM Resonance's base URL must be http(s): ${options.baseUrl}`);
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token;
    this.computer = options.computer;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = options.retry ?? {};
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Submits the circuits as one job and answers its id. Given a calibration set, the job runs on it (the
   * one the circuits were laid out for) or is refused; without one, on the current default. Sent again at
   * once only when IQM's answer shows it did not take the job (429, 408, 502, 503, no connection). A
   * submission whose answer was lost may have created a job: with a `token` (carried in each circuit's
   * metadata) the job is looked up by it first, and the circuits are sent again only if IQM has none.
   * Without a token, or where IQM cannot be asked, the submission fails rather than risk paying twice.
   */
  async submit(
    circuits: NativeCircuit[],
    shots: number,
    calibrationSetId?: string,
    token?: string,
  ): Promise<string> {
    const metadata = token === undefined ? {} : { metadata: { [CLIENT_TOKEN]: token } };
    const body = {
      circuits: circuits.map((circuit) => ({ ...toIqmCircuit(circuit), ...metadata })),
      shots,
      ...(calibrationSetId === undefined ? {} : { calibration_set_id: calibrationSetId }),
    };
    for (let round = 1; ; round++) {
      try {
        const path = IQM_PATHS.submitCircuits(this.computer);
        return (await this.json('POST', path, jobAnswer, undefined, body)).id;
      } catch (error) {
        if (!(error instanceof AnswerLost) || token === undefined || round === LOST_ANSWER_ROUNDS)
          throw error;
        const found = await this.jobByToken(token).catch((lookup: unknown) => {
          throw new IqmError(`${error.message}; looking it up failed: ${String(lookup)}`, null, {
            cause: lookup,
          });
        });
        if (found !== null) return found;
      }
    }
  }

  /**
   * The job submitted with this client token, or null when IQM has none. Our own extension of what IQM's
   * clients read (see decisions.md): a server without it answers 404 or 405, which is an error here.
   */
  async jobByToken(token: string, signal?: AbortSignal): Promise<string | null> {
    const path = IQM_PATHS.jobsByToken(this.computer, token);
    const { jobs } = await this.json('GET', path, jobsByTokenAnswer, signal);
    return jobs[0]?.id ?? null;
  }

  async status(id: string, signal?: AbortSignal): Promise<IqmJobStatus> {
    const answer = await this.json('GET', IQM_PATHS.job(id), jobAnswer, signal);
    const messages = (answer.errors ?? []).map((error) => error.message).filter((message) => message !== '');
    return {
      status: answer.status,
      ...(messages.length === 0 ? {} : { message: messages.join('; ') }),
      ...(answer.queue_position == null ? {} : { queuePosition: answer.queue_position }),
    };
  }

  /** A completed job's counts, one entry per circuit in the order they were submitted. */
  async counts(id: string, signal?: AbortSignal): Promise<IqmCircuitCounts[]> {
    const answer = await this.json('GET', IQM_PATHS.measurementCounts(id), countsAnswer, signal);
    return answer.map((entry) => ({ measurementKeys: entry.measurement_keys, counts: entry.counts }));
  }

  /** Cancels the job; one that has already ended keeps its state. */
  async abort(id: string, signal?: AbortSignal): Promise<void> {
    await this.send('POST', IQM_PATHS.cancel(id), undefined, signal);
  }

  /**
   * Whether the quantum computer is healthy, by its id from the list of quantum computers. A server
   * without the health endpoint (404) leaves it unknown; an alias the list lacks is IQM's refusal.
   */
  async health(signal?: AbortSignal): Promise<IqmHealth> {
    const { quantum_computers: computers } = await this.json(
      'GET',
      IQM_PATHS.quantumComputers,
      computersAnswer,
      signal,
    );
    const wanted = this.computer.toLowerCase();
    const computer = computers.find((candidate) => candidate.alias.toLowerCase() === wanted);
    if (!computer) {
      const known = computers.map((candidate) => candidate.alias).join(', ') || 'none';
      throw new IqmError(`IQM Resonance has no quantum computer ${this.computer} (it has: ${known})`, null);
    }
    let answer: z.infer<typeof healthAnswer>;
    try {
      answer = await this.json('GET', IQM_PATHS.health(computer.id), healthAnswer, signal);
    } catch (error) {
      if (error instanceof IqmError && error.status === 404) return { healthy: 'unknown' };
      throw error;
    }
    return answer.healthy ? { healthy: true } : { healthy: false, reason: healthReason(answer) };
  }

  /** The device as the default calibration set leaves it: only what is calibrated now is usable. */
  async calibratedDevice(signal?: AbortSignal): Promise<IqmCalibratedDevice> {
    const path = IQM_PATHS.dynamicQuantumArchitecture(this.computer);
    const answer = await this.json('GET', path, architectureAnswer, signal);
    return { calibrationSetId: answer.calibration_set_id, device: usableDevice(answer, path) };
  }

  private async json<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
    body?: unknown,
  ): Promise<T> {
    const { response, text } = await this.send(method, path, body, signal);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new IqmError(
        `IQM Resonance answered ${method} ${path} with a body that is not JSON`,
        response.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.join('.') || 'body';
      throw new IqmError(
        `IQM Resonance answered ${method} ${path} unexpectedly (${where}: ${issue.message})`,
        response.status,
      );
    }
    return parsed.data;
  }

  /** One call, answer read in full, retried as `retryable` allows; anything but a 2xx answer is an `IqmError`. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; text: string }> {
    const creates = path === IQM_PATHS.submitCircuits(this.computer);
    return withRetries(
      `${method} ${path}`,
      () => this.attempt(method, path, body, signal, creates),
      (error) =>
        error instanceof FailedAttempt
          ? error.failure
          : { error: new IqmError(String(error), null, { cause: error }), retry: false },
      this.retry,
      signal,
    );
  }

  /** One request. `creates`: a submission, which must not be repeated unless IQM surely did not take it. */
  private async attempt(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    creates: boolean,
  ): Promise<{ response: Response; text: string }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.token}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(this.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const unsent = !timeout.aborted && NOT_CONNECTED.has(networkCode(error) ?? '');
      const reason = timeout.aborted
        ? `IQM Resonance at ${this.baseUrl} did not answer ${method} ${path} within ${this.timeoutMs} ms`
        : `Could not reach IQM Resonance at ${this.baseUrl}: ${networkReason(error)}`;
      throw new FailedAttempt(
        creates && !unsent
          ? { error: new AnswerLost(maybeTaken(reason), null, { cause: error }), retry: false }
          : { error: new IqmError(reason, null, { cause: error }), retry: true },
      );
    }
    if (!response.ok) {
      const error = httpError(response, text, method, path);
      const status = response.status;
      const refusedUntried = status === 408 || status === 429 || status === 502 || status === 503;
      const retry = refusedUntried || (status >= 500 && !creates);
      const wait = retryAfterMs(response.headers.get('retry-after'), (this.retry.clock ?? REAL_CLOCK).now());
      throw new FailedAttempt(
        creates && status >= 500 && !refusedUntried
          ? { error: new AnswerLost(maybeTaken(error.message), status), retry: false }
          : { error, retry, ...(retry && wait !== undefined ? { retryAfterMs: wait } : {}) },
      );
    }
    return { response, text };
  }
}

/** An attempt that failed, with whether it is worth another. */
class FailedAttempt extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.error.message);
  }
}

/** A submission that may have created a job whose id was never answered. */
class AnswerLost extends IqmError {}

/** The key of the circuit metadata that carries a submission's client token. */
export const CLIENT_TOKEN = 'hivqe_client_token';

/** Network failures that happen before a request is sent: the submission surely did not arrive. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

const maybeTaken = (reason: string): string =>
  `${reason}. IQM may have accepted the job before its answer was lost; it is not submitted again unless ` +
  'IQM, asked by its client token, has no such job, so that the circuits are not run and paid for twice';

/** IQM's words for an unhealthy computer, where its answer has any; else a plain statement. */
function healthReason(answer: Record<string, unknown>): string {
  const said = ['message', 'reason', 'status', 'detail']
    .map((field) => answer[field])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return said.length > 0 ? said.join('; ') : 'IQM reports it as not healthy';
}

/**
 * The qubits that take a calibrated `prx` and `measure`, and the couplings with a calibrated `cz` between two
 * of them, each gate by its default implementation. Components that are not qubits (a star device's
 * computational resonator, reached with `move` gates we do not send) are not in `qubits`, so couplings to
 * them are left out too.
 */
function usableDevice(answer: ArchitectureAnswer, path: string): NativeDevice {
  const lociOf = (gate: string): string[][] => {
    const calibrated = answer.gates[gate];
    if (!calibrated) return [];
    const implementation = calibrated.implementations[calibrated.default_implementation];
    if (!implementation) {
      throw new IqmError(
        `IQM Resonance answered GET ${path} unexpectedly (gates.${gate}: its default implementation ` +
          `${calibrated.default_implementation} is not listed)`,
        200,
      );
    }
    return implementation.loci;
  };
  const singles = (gate: string) =>
    new Set(lociOf(gate).flatMap((locus) => (locus.length === 1 ? locus : [])));
  const prx = singles('prx');
  const measure = singles('measure');
  const qubits = answer.qubits.filter((qubit) => prx.has(qubit) && measure.has(qubit));
  const usable = new Set(qubits);
  const couplings = lociOf('cz').filter(
    (locus): locus is [string, string] => locus.length === 2 && locus.every((qubit) => usable.has(qubit)),
  );
  return { qubits, couplings };
}

function httpError(response: Response, text: string, method: string, path: string): IqmError {
  if (response.status === 401) return new IqmError(IQM_UNAUTHORIZED_MESSAGE, 401);
  const detail = errorDetail(text) || response.statusText || 'no detail given';
  return new IqmError(
    `IQM Resonance answered ${response.status} to ${method} ${path}: ${detail}`,
    response.status,
  );
}

/** The service's own words: `{message}` or `{detail}` (FastAPI's validation errors make `detail` a list). */
function errorDetail(text: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text.trim().slice(0, MAX_DETAIL_CHARS);
  }
  if (typeof json === 'object' && json !== null) {
    const { detail, message } = json as { detail?: unknown; message?: unknown };
    const said = message ?? detail;
    if (typeof said === 'string') return said;
    if (Array.isArray(said)) {
      return said
        .map((item: unknown) => {
          const msg = (item as { msg?: unknown } | null)?.msg;
          return typeof msg === 'string' ? msg : JSON.stringify(item);
        })
        .join('; ');
    }
  }
  return text.trim().slice(0, MAX_DETAIL_CHARS);
}

/** undici hides the reason (ECONNREFUSED, ENOTFOUND, a TLS failure) behind a bare "fetch failed". */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return networkCode(error) ?? cause.message;
  return error instanceof Error ? error.message : String(error);
}

function networkCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? (cause as NodeJS.ErrnoException).code : undefined;
}
