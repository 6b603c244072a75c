import { setTimeout as sleep } from 'node:timers/promises';
import type { Counts, NativeCircuit, Sampler } from '@hivqe/engine';
import { IqmError, type IqmCircuitCounts, type IqmClient, type IqmJobStatus } from './iqm-client.ts';

const DEFAULT_POLL_MS = 1000;
/** Polls that may fail in a row (unreachable, 5xx) before the job is given up: a queue can last hours. */
const DEFAULT_POLL_RETRIES = 3;
const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export interface IqmSamplerOptions {
  /** Between two status polls; 1000 ms unless given. */
  pollMs?: number;
  /** Status polls that may fail in a row on a network error or a 5xx answer; 3 unless given. */
  pollRetries?: number;
  /** The longest one `sample` call may take from submission; the job is cancelled after it. No limit unless given. */
  timeoutMs?: number;
  /** Told each job's id as soon as IQM accepts it, so that the caller can cancel it from outside. */
  onJob?: (id: string) => void;
}

export type IqmApi = Pick<IqmClient, 'submit' | 'status' | 'counts' | 'abort' | 'calibratedDevice'>;

/**
 * A `Sampler` on an IQM quantum computer: each `sample` call is one IQM job holding every circuit. The
 * device (the qubits and couplings calibrated now) is read once, here, so that every circuit is laid out
 * on the same one; each job names that calibration set, so IQM runs it there or refuses it rather than
 * running it on couplings a newer calibration no longer offers.
 */
export async function createIqmSampler(client: IqmApi, options: IqmSamplerOptions = {}): Promise<Sampler> {
  const { device, calibrationSetId } = await client.calibratedDevice();
  return {
    device,
    sample: (circuits, shots, signal) => sample(client, options, calibrationSetId, circuits, shots, signal),
  };
}

async function sample(
  client: IqmApi,
  options: IqmSamplerOptions,
  calibrationSetId: string,
  circuits: NativeCircuit[],
  shots: number,
  signal: AbortSignal | undefined,
): Promise<Counts[]> {
  if (signal?.aborted) throw abortError(signal);
  if (circuits.length === 0) return [];
  // Not abortable: a submission cut short may still have created a job, and only its id lets us abort it.
  const id = await client.submit(circuits, shots, calibrationSetId);
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
      throw new IqmError(
        `IQM job ${id} did not finish within ${options.timeoutMs} ms and was cancelled`,
        null,
      );
    }
    throw error;
  }
  switch (final.status) {
    case 'completed':
      return countsInOrder(id, circuits, await client.counts(id, signal));
    case 'failed':
      throw new IqmError(`IQM job ${id} failed: ${final.message ?? 'IQM gave no reason'}`, null);
    default:
      throw new IqmError(`IQM job ${id} was cancelled outside this run`, null);
  }
}

/**
 * Each circuit's counts, checked to be read as the engine reads them: character k of a bitstring is the
 * k-th qubit of the circuit's `measure`, which holds only if IQM concatenated the circuit's measurement
 * keys in the order the circuit has them.
 */
function countsInOrder(id: string, circuits: NativeCircuit[], answered: IqmCircuitCounts[]): Counts[] {
  if (answered.length !== circuits.length) {
    throw new IqmError(
      `IQM job ${id} answered counts for ${answered.length} circuits; it was given ${circuits.length}`,
      null,
    );
  }
  return circuits.map((circuit, index) => {
    const keys = circuit.instructions.flatMap((op) => (op.name === 'measure' ? [op.args.key] : []));
    const { measurementKeys, counts } = answered[index];
    if (measurementKeys.length !== keys.length || measurementKeys.some((key, k) => key !== keys[k])) {
      throw new IqmError(
        `IQM job ${id} answered circuit ${circuit.name}'s counts for measurement keys ` +
          `${JSON.stringify(measurementKeys)}; the circuit measures ${JSON.stringify(keys)}`,
        null,
      );
    }
    return counts;
  });
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
