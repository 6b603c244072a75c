import { setTimeout as sleep } from 'node:timers/promises';
import type { Counts, NativeCircuit, Sampler } from '@hivqe/engine';
import { IqmError, type IqmClient, type IqmJobStatus } from './iqm-client.ts';

const DEFAULT_POLL_MS = 1000;
/** Polls that may fail in a row (unreachable, 5xx) before the job is given up: a queue can last hours. */
const DEFAULT_POLL_RETRIES = 3;
const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['ready', 'failed', 'aborted', 'deleted']);

export interface IqmSamplerOptions {
  /** Between two status polls; 1000 ms unless given. */
  pollMs?: number;
  /** Status polls that may fail in a row on a network error or a 5xx answer; 3 unless given. */
  pollRetries?: number;
  /** The longest one `sample` call may take from submission; the job is aborted after it. No limit unless given. */
  timeoutMs?: number;
  /** Told each job's id as soon as IQM accepts it, so that the caller can abort it from outside. */
  onJob?: (id: string) => void;
}

export type IqmApi = Pick<IqmClient, 'submit' | 'status' | 'counts' | 'abort' | 'quantumArchitecture'>;

/**
 * A `Sampler` on an IQM quantum computer: each `sample` call is one IQM job holding every circuit. The
 * device (qubits and couplings) is read once, here, so that every circuit is laid out on the same one.
 */
export async function createIqmSampler(client: IqmApi, options: IqmSamplerOptions = {}): Promise<Sampler> {
  const device = await client.quantumArchitecture();
  return { device, sample: (circuits, shots, signal) => sample(client, options, circuits, shots, signal) };
}

async function sample(
  client: IqmApi,
  options: IqmSamplerOptions,
  circuits: NativeCircuit[],
  shots: number,
  signal: AbortSignal | undefined,
): Promise<Counts[]> {
  if (signal?.aborted) throw abortError(signal);
  if (circuits.length === 0) return [];
  // Not abortable: a submission cut short may still have created a job, and only its id lets us abort it.
  const id = await client.submit(circuits, shots);
  options.onJob?.(id);
  const deadline = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const stop = anySignal(signal, deadline);
  let final: IqmJobStatus;
  try {
    final = await waitUntilTerminal(client, id, options, stop);
  } catch (error) {
    // Whatever stopped the wait, the job would otherwise keep its place in the queue and run for nothing.
    await client.abort(id).catch(() => undefined);
    if (signal?.aborted) throw abortError(signal);
    if (deadline?.aborted) {
      throw new IqmError(`IQM job ${id} did not finish within ${options.timeoutMs} ms and was aborted`, null);
    }
    throw error;
  }
  switch (final.status) {
    case 'ready': {
      const counts = await client.counts(id, signal);
      if (counts.length !== circuits.length) {
        throw new IqmError(
          `IQM job ${id} answered counts for ${counts.length} circuits; it was given ${circuits.length}`,
          null,
        );
      }
      return counts;
    }
    case 'failed':
      throw new IqmError(`IQM job ${id} failed: ${final.message ?? 'IQM gave no reason'}`, null);
    case 'aborted':
      throw new IqmError(`IQM job ${id} was aborted outside this run`, null);
    default:
      throw new IqmError(`IQM job ${id} was deleted before its counts were read`, null);
  }
}

async function waitUntilTerminal(
  client: IqmApi,
  id: string,
  options: IqmSamplerOptions,
  signal: AbortSignal | undefined,
): Promise<IqmJobStatus> {
  const retries = options.pollRetries ?? DEFAULT_POLL_RETRIES;
  let failures = 0;
  for (;;) {
    try {
      const status = await client.status(id, signal);
      if (TERMINAL_STATUSES.has(status.status)) return status;
      failures = 0;
    } catch (error) {
      if (!isTransient(error) || ++failures > retries) throw error;
    }
    await sleep(options.pollMs ?? DEFAULT_POLL_MS, undefined, { signal });
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof IqmError && (error.status === null || error.status >= 500);
}

function anySignal(...signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const given = signals.filter((signal) => signal !== undefined);
  return given.length > 1 ? AbortSignal.any(given) : given[0];
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  return new DOMException('The IQM job was cancelled', 'AbortError');
}
