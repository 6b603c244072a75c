import type { Counts, NativeCircuit, SampleContext, Sampler } from '@hivqe/engine';
import { IqmError, type IqmCircuitCounts, type IqmClient, type IqmJobStatus } from './iqm-client.ts';
import { REAL_CLOCK, type IqmClock } from './iqm-retry.ts';

const DEFAULT_POLL_MS = 1000;
/** IQM's words for a job that is done, failed, or cancelled (older servers said ready and aborted). */
const COMPLETED: ReadonlySet<string> = new Set(['completed', 'ready']);
const CANCELLED: ReadonlySet<string> = new Set(['cancelled', 'aborted']);
/** A job IQM has accepted but not started: it waits in the quantum computer's queue. */
const QUEUED: ReadonlySet<string> = new Set(['received', 'queued', 'waiting']);

/** Where an IQM job stands while it waits: told at every poll until it leaves the queue. */
export interface IqmQueueState {
  jobId: string;
  status: string;
  /** IQM's queue position, where it gives one. */
  position?: number;
  /** Since the job was accepted. */
  waitedMs: number;
  /** False once the job has left the queue (it runs or has ended). */
  waiting: boolean;
}

export interface IqmSamplerOptions {
  /** Between two status polls; 1000 ms unless given. */
  pollMs?: number;
  /** The longest one `sample` call may take from submission; the job is cancelled after it. No limit unless given. */
  timeoutMs?: number;
  /** The longest a job may wait in IQM's queue before it has started; it is cancelled after it. No limit unless given. */
  queueDeadlineMs?: number;
  /** Told each job's id as soon as IQM accepts it, so that the caller can cancel it from outside. */
  onJob?: (id: string) => void;
  /** Told where a job stands in the queue at each poll while it waits, and once when it leaves it. */
  onQueue?: (state: IqmQueueState) => void;
  /**
   * A run resumed after its worker died: the IQM jobs its earlier runs submitted, by sample key. A call with
   * one of these keys collects that job (its counts, or the wait for them) instead of submitting again.
   */
  resumed?: ReadonlyMap<string, string>;
  /**
   * The client token of a call's submission: the same for the same call in any run of the job, so that a
   * job whose id was never learnt (an answer lost, a worker killed just after submitting) is found by it.
   */
  token?: (key: string) => string;
  /** Told each call's IQM job by the call's key, as soon as it is known, so that it is recorded for a resumed run. */
  onSubmitted?: (key: string, id: string) => void;
  clock?: IqmClock;
}

export type IqmApi = Pick<
  IqmClient,
  'submit' | 'status' | 'counts' | 'abort' | 'calibratedDevice' | 'health' | 'jobByToken'
>;

/**
 * A `Sampler` on an IQM quantum computer: each `sample` call is one IQM job holding every circuit. The
 * quantum computer is asked first whether it is healthy, so that a computer that is down ends the run at
 * once, before anything is spent. The device (the qubits and couplings calibrated now) is read once, here,
 * so that every circuit is laid out on the same one; each job names that calibration set, so IQM runs it
 * there or refuses it rather than running it on couplings a newer calibration no longer offers.
 */
export async function createIqmSampler(client: IqmApi, options: IqmSamplerOptions = {}): Promise<Sampler> {
  const health = await client.health();
  if (health.healthy === false) {
    throw new IqmError(`IQM Resonance reports the quantum computer is not available: ${health.reason}`, null);
  }
  const { device, calibrationSetId } = await client.calibratedDevice();
  // Only the first call a resumed run submits can have been submitted before its worker died unrecorded.
  let lookFirst = options.resumed !== undefined;
  const submitted = async (circuits: NativeCircuit[], shots: number, context?: SampleContext) => {
    const key = context?.key;
    const earlier = key === undefined ? undefined : options.resumed?.get(key);
    if (earlier !== undefined) return earlier;
    const token = key === undefined ? undefined : options.token?.(key);
    const looked = lookFirst && token !== undefined ? await jobByToken(client, token) : null;
    lookFirst = false;
    const id = looked ?? (await client.submit(circuits, shots, calibrationSetId, token));
    if (key !== undefined) options.onSubmitted?.(key, id);
    return id;
  };
  return {
    device,
    sample: (circuits, shots, signal, context) =>
      sample(client, options, () => submitted(circuits, shots, context), circuits, signal),
  };
}

/**
 * The job a resumed run's first call may have submitted just before its worker died. A server that cannot be
 * asked (404, 405) is taken to have none: the window is the instant between a submission and its record, and
 * failing every resumed run there would lose far more than the rare duplicate it prevents.
 */
async function jobByToken(client: IqmApi, token: string): Promise<string | null> {
  try {
    return await client.jobByToken(token);
  } catch (error) {
    if (error instanceof IqmError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

async function sample(
  client: IqmApi,
  options: IqmSamplerOptions,
  submit: () => Promise<string>,
  circuits: NativeCircuit[],
  signal: AbortSignal | undefined,
): Promise<Counts[]> {
  if (signal?.aborted) throw abortError(signal);
  if (circuits.length === 0) return [];
  // Not abortable: a submission cut short may still have created a job, and only its id lets us abort it.
  const id = await submit();
  options.onJob?.(id);
  const deadline = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const stop = anySignal(signal, deadline);
  let final: IqmJobStatus;
  try {
    final = await waitUntilEnded(client, id, options, stop);
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
  if (COMPLETED.has(final.status)) return countsInOrder(id, circuits, await client.counts(id, signal));
  if (final.status === 'failed') {
    throw new IqmError(`IQM job ${id} failed: ${final.message ?? 'IQM gave no reason'}`, null);
  }
  throw new IqmError(`IQM job ${id} was cancelled outside this run`, null);
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

/**
 * Polls until the job has ended. Each poll rides out 429, 5xx and lost connections itself (the client's
 * retries); what fails here has failed for good. A job still queued after `queueDeadlineMs` ends the wait.
 */
async function waitUntilEnded(
  client: IqmApi,
  id: string,
  options: IqmSamplerOptions,
  signal: AbortSignal | undefined,
): Promise<IqmJobStatus> {
  const clock = options.clock ?? REAL_CLOCK;
  const accepted = clock.now();
  let queued = true;
  for (;;) {
    const status = await client.status(id, signal);
    const waitedMs = clock.now() - accepted;
    const waiting = QUEUED.has(status.status);
    if (queued) {
      options.onQueue?.({
        jobId: id,
        status: status.status,
        ...(status.queuePosition === undefined ? {} : { position: status.queuePosition }),
        waitedMs,
        waiting,
      });
    }
    queued &&= waiting;
    if (COMPLETED.has(status.status) || CANCELLED.has(status.status) || status.status === 'failed') {
      return status;
    }
    if (queued && options.queueDeadlineMs !== undefined && waitedMs >= options.queueDeadlineMs) {
      const where = status.queuePosition === undefined ? '' : ` (still at position ${status.queuePosition})`;
      throw new IqmError(
        `IQM job ${id} waited in IQM Resonance's queue for ${seconds(waitedMs)}${where}, longer than ` +
          `this server allows (${seconds(options.queueDeadlineMs)}, IQM_QUEUE_DEADLINE_S); it was cancelled`,
        null,
      );
    }
    await clock.sleep(options.pollMs ?? DEFAULT_POLL_MS, signal);
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function anySignal(...signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const given = signals.filter((signal) => signal !== undefined);
  return given.length > 1 ? AbortSignal.any(given) : given[0];
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  return new DOMException('The IQM job was cancelled', 'AbortError');
}
