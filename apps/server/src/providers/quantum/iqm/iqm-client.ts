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
 * A job's state: received, processing, accepted, pending compilation, pending execution, ready, failed,
 * aborted, pending deletion, deletion failed or deleted. `message` says why a failed job failed.
 * Kept a string because IQM has added statuses between API versions.
 */
export interface IqmJobStatus {
  status: string;
  message?: string;
}

export interface IqmClientOptions {
  /** IQM Resonance's address, e.g. `https://cocos.resonance.meetiqm.com`. */
  baseUrl: string;
  token: string;
  /** The quantum computer: garnet, emerald, sirius. */
  computer: string;
  /** Per request, including reading the answer; 30 s unless given. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const submitAnswer = z.object({ id: z.string().min(1) });
const statusAnswer = z.object({ status: z.string(), message: z.string().nullish() });
const countsAnswer = z.object({
  status: z.string(),
  counts_batch: z
    .array(z.object({ counts: z.record(z.string().regex(/^[01]*$/), z.number().int().nonnegative()) }))
    .nullish(),
});
/** IQM names its qubits QB1, QB2, …; other components (resonators) have other names. */
const isQubit = (name: string) => /^QB\d+$/.test(name);

const architectureAnswer = z.object({
  quantum_architecture: z.object({
    qubits: z.array(z.string()),
    qubit_connectivity: z.array(z.array(z.string())),
  }),
});

/**
 * IQM Resonance's REST API for one quantum computer, kept thin: one method per endpoint, answers checked
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

  /** Submits the circuits as one job and answers its id. */
  async submit(circuits: NativeCircuit[], shots: number, signal?: AbortSignal): Promise<string> {
    const body = {
      circuits: circuits.map(({ name, instructions }) => ({
        name,
        instructions: instructions.map(({ name, qubits, args }) => ({ name, qubits, args })),
      })),
      shots,
    };
    const answer = await this.json('POST', IQM_PATHS.submit(this.computer), submitAnswer, signal, body);
    return answer.id;
  }

  async status(id: string, signal?: AbortSignal): Promise<IqmJobStatus> {
    const answer = await this.json('GET', IQM_PATHS.status(this.computer, id), statusAnswer, signal);
    return answer.message == null
      ? { status: answer.status }
      : { status: answer.status, message: answer.message };
  }

  /** A ready job's counts, one entry per circuit in the order they were submitted. */
  async counts(id: string, signal?: AbortSignal): Promise<Counts[]> {
    const answer = await this.json('GET', IQM_PATHS.counts(this.computer, id), countsAnswer, signal);
    if (!answer.counts_batch) {
      throw new IqmError(`IQM job ${id} has no counts (status: ${answer.status})`, null);
    }
    return answer.counts_batch.map((entry) => entry.counts);
  }

  async abort(id: string, signal?: AbortSignal): Promise<void> {
    await this.send('POST', IQM_PATHS.abort(this.computer, id), undefined, signal);
  }

  async quantumArchitecture(signal?: AbortSignal): Promise<NativeDevice> {
    const path = IQM_PATHS.quantumArchitecture(this.computer);
    const { quantum_architecture: architecture } = await this.json('GET', path, architectureAnswer, signal);
    // Only qubits take prx, cz and measure: a star device (Sirius) also lists its computational resonator
    // (COMP_R), reached with `move` gates this client does not send, so it and its couplings are left out
    // and the engine refuses a circuit the remaining couplings cannot carry. A cz joins two qubits: a longer
    // connectivity entry, should IQM ever list one, cannot carry it either.
    const qubits = architecture.qubits.filter(isQubit);
    const couplings = architecture.qubit_connectivity.filter(
      (pair): pair is [string, string] => pair.length === 2 && pair.every(isQubit),
    );
    return { qubits, couplings };
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

function httpError(response: Response, text: string, method: string, path: string): IqmError {
  if (response.status === 401) return new IqmError(IQM_UNAUTHORIZED_MESSAGE, 401);
  const detail = errorDetail(text) || response.statusText || 'no detail given';
  return new IqmError(
    `IQM Resonance answered ${response.status} to ${method} ${path}: ${detail}`,
    response.status,
  );
}

/** The service's own words: `{detail}` or `{message}` (FastAPI's validation errors make `detail` a list). */
function errorDetail(text: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text.trim().slice(0, MAX_DETAIL_CHARS);
  }
  if (typeof json === 'object' && json !== null) {
    const { detail, message } = json as { detail?: unknown; message?: unknown };
    const said = detail ?? message;
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
