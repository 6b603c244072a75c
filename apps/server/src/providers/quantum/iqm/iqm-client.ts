import type { Counts, NativeCircuit, NativeDevice } from '@hivqe/engine';
import { z } from 'zod';
import { IQM_PATHS } from './iqm-paths.ts';

export const IQM_UNAUTHORIZED_MESSAGE =
  'IQM Resonance rejected the API key (401). Check the key in Account Settings.';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Enough of an unexpected error page to say what it was without flooding a job's failure reason. */
const MAX_DETAIL_CHARS = 300;

/**
 * A failed call to IQM Resonance. `status` is the HTTP status IQM answered with, or null when there was no
 * usable answer (unreachable, too slow) or the failure is the job's own.
 */
export class IqmError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'IqmError';
  }
}

/**
 * A job's state as IQM Server gives it: waiting, processing, then completed, failed or cancelled. Kept a
 * string because IQM has added statuses between API versions. `message` says why a failed job failed (the
 * messages of its `errors`).
 */
export interface IqmJobStatus {
  status: string;
  message?: string;
}

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
  fetch?: typeof fetch;
}

/** IQM Server answers a submission, and a status request, with the job's data. */
const jobAnswer = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  errors: z.array(z.object({ message: z.string() })).nullish(),
});
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
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Submits the circuits as one job and answers its id. Given a calibration set, the job runs on it (the
   * one the circuits were laid out for) or is refused; without one, on the current default.
   */
  async submit(circuits: NativeCircuit[], shots: number, calibrationSetId?: string): Promise<string> {
    const body = {
      circuits: circuits.map(({ name, instructions }) => ({
        name,
        instructions: instructions.map(({ name, qubits, args }) => ({ name, qubits, args })),
      })),
      shots,
      ...(calibrationSetId === undefined ? {} : { calibration_set_id: calibrationSetId }),
    };
    const answer = await this.json(
      'POST',
      IQM_PATHS.submitCircuits(this.computer),
      jobAnswer,
      undefined,
      body,
    );
    return answer.id;
  }

  async status(id: string, signal?: AbortSignal): Promise<IqmJobStatus> {
    const answer = await this.json('GET', IQM_PATHS.job(id), jobAnswer, signal);
    const messages = (answer.errors ?? []).map((error) => error.message).filter((message) => message !== '');
    return messages.length === 0
      ? { status: answer.status }
      : { status: answer.status, message: messages.join('; ') };
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

  /** One request, answer read in full; anything but a 2xx answer is an `IqmError`. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
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
      if (timeout.aborted) {
        throw new IqmError(
          `IQM Resonance at ${this.baseUrl} did not answer ${method} ${path} within ${this.timeoutMs} ms`,
          null,
        );
      }
      throw new IqmError(`Could not reach IQM Resonance at ${this.baseUrl}: ${networkReason(error)}`, null, {
        cause: error,
      });
    }
    if (!response.ok) throw httpError(response, text, method, path);
    return { response, text };
  }
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
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ?? cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}
