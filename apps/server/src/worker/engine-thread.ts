import { parentPort, workerData } from 'node:worker_threads';
import {
  parseHiVqeParams,
  runHiVqe,
  type EngineResult,
  type IterationPoint,
  type LoopCheckpoint,
  type Sampler,
} from '@hivqe/engine';
import type { StoredRunResult } from '../db/schema/jobs.ts';
import { createIqmSampler } from '../providers/quantum/iqm/iqm-sampler.ts';
import { engineRuns, type EngineRun } from '../providers/quantum/local/engine-runs.ts';
import { openIqmClient } from './iqm-connection.ts';
import { iqmProgress } from './iqm-progress.ts';
import { guardMemory, MemoryLimitError } from './memory-guard.ts';
import { memoryExceeded } from './memory-limit.ts';
import type { IqmConnection, ThreadCommand, ThreadInput, ThreadMessage } from './thread-protocol.ts';
import { measureThreadCpu } from './thread-cpu.ts';

/**
 * Runs one job's computations on the local engine, reporting as it goes. The runner cancels a local job by
 * terminating this thread, which stops even a tight loop at once. A job whose shots come from IQM Resonance
 * is asked first (an abort command), so that the IQM job in flight is aborted by the one who knows its id.
 */
const port = parentPort;
if (port === null) throw new Error('engine-thread.ts runs as a worker thread');
const send = (message: ThreadMessage) => port.postMessage(message);
const { jobId, kind, hyperparameters, iqm, references: known, memory, resume } = workerData as ThreadInput;
const resumeAt = new Map(resume);
/** Set once an allocation met the memory limit: the run's failure, whatever the engine made of the error. */
let overLimit: MemoryLimitError | undefined;
guardMemory(memory.limitMb * 2 ** 20, () => {
  overLimit ??= new MemoryLimitError(memoryExceeded(memory.limitMb, memory.estimateMb));
  return overLimit;
});
const references = new Map(known);
const stop = new AbortController();
port.on('message', (command: ThreadCommand) => {
  if (command.type === 'abort') stop.abort();
});

const summary = (result: EngineResult, cpuSeconds: number | null) =>
  `Result: E(HI-VQE) = ${result.energy.toFixed(10)} Ha, E(RHF) = ${result.eRhf.toFixed(10)} Ha` +
  (result.eCasci === null ? '' : `, E(CASCI) = ${result.eCasci.toFixed(10)} Ha`) +
  `; ${result.iterations} iterations, ${result.numStates}` +
  (result.fullSpaceSize === null ? '' : ` of ${result.fullSpaceSize}`) +
  ` determinants, ${result.seconds.toFixed(2)} s` +
  (result.referenceSeconds ? ` (CASCI ${result.referenceSeconds.toFixed(2)} s of it)` : '') +
  (cpuSeconds === null ? '' : ` (CPU ${cpuSeconds.toFixed(2)} s)`);

const runResult = (run: EngineRun, result: EngineResult, cpuSeconds: number | null): StoredRunResult => {
  const params = parseHiVqeParams(run.hyperparameters);
  return {
    geometryTag: run.hyperparameters.geometry_tag ?? null,
    moleculeGeometry: params.moleculeGeometry,
    exactEnergy: params.exactEnergy,
    energy: result.energy,
    eRhf: result.eRhf,
    eNuc: result.eNuc,
    eCasci: result.eCasci,
    numStates: result.numStates,
    provenance: result.provenance,
    fullSpaceSize: result.fullSpaceSize,
    iterations: result.iterations,
    seconds: result.seconds,
    referenceSeconds: result.referenceSeconds,
    referenceSkipReason: result.referenceSkipReason,
    leadingDeterminants: result.leadingDeterminants,
    perturbativeEstimate: result.perturbativeEstimate,
    cpuSeconds,
  };
};

/** Several molecules (an IQM bond scan) run one after the other; their cost-function calls keep counting. */
async function runJob(): Promise<void> {
  const sampler = iqm === undefined ? undefined : await iqmSampler(iqm);
  try {
    await runMolecules(sampler);
  } finally {
    const lost = progress.summary();
    if (lost !== null) send({ type: 'log', line: lost });
  }
}

async function runMolecules(sampler: Sampler | undefined): Promise<void> {
  let calls = 0;
  for (const [index, run] of engineRuns(kind, hyperparameters).entries()) {
    if (run.label !== null) send({ type: 'log', line: run.label });
    const offset = calls;
    const onIteration = (point: IterationPoint) => {
      calls = offset + point.costFunctionCall;
      send({ type: 'iteration', point: { ...point, costFunctionCall: calls } });
    };
    const checkpoint = resumeAt.get(index)?.checkpoint ?? undefined;
    // The new run's chart starts empty (queue.ts clears it): the resumed iterations are drawn again first.
    resumedPoints(checkpoint).forEach(onIteration);
    const { value: result, cpuSeconds } = await measureThreadCpu(() =>
      runHiVqe(run.hyperparameters, {
        onIteration,
        onRhf: (energies) => send({ type: 'rhf', run: index, energies }),
        onLog: (line) => send({ type: 'log', line }),
        sampler: sampler && keyedBy(index, sampler),
        signal: stop.signal,
        references,
        checkpoint: {
          ...(checkpoint === undefined ? {} : { resume: checkpoint as LoopCheckpoint }),
          save: (saved) => send({ type: 'checkpoint', run: index, checkpoint: saved }),
        },
      }),
    );
    reportNewReferences();
    send({ type: 'log', line: summary(result, cpuSeconds) });
    send({ type: 'result', result: runResult(run, result, cpuSeconds) });
  }
}

/**
 * The iterations a stored checkpoint has done, as the loop reported them (NaN where no exact energy is known).
 * The engine checks the checkpoint itself before it resumes; one not of its shape gives no points here.
 */
function resumedPoints(checkpoint: unknown): IterationPoint[] {
  const history = (checkpoint as Partial<LoopCheckpoint> | undefined)?.history;
  if (!Array.isArray(history)) return [];
  return history.map((point) => ({ ...point, error: point.error ?? Number.NaN }));
}

/** A bond scan's molecules call the sampler with the same keys: the computation's index tells them apart. */
const keyedBy = (index: number, sampler: Sampler): Sampler => ({
  device: sampler.device,
  sample: (circuits, shots, signal, context) =>
    sampler.sample(circuits, shots, signal, context && { key: `${index}/${context.key}` }),
});

/** Hands the runner the references this thread computed, so that its later jobs reuse them. */
function reportNewReferences(): void {
  const before = new Set(known.map(([key]) => key));
  for (const [key, energy] of references) {
    if (before.has(key)) continue;
    send({ type: 'reference', key, energy });
    known.push([key, energy]);
  }
}

/** What IQM Resonance made the run wait through, told as it happens and summed up at the end. */
const progress = iqmProgress(
  (line) => send({ type: 'log', line }),
  (place) => send({ type: 'queue', place }),
);

/**
 * Shots from the user's IQM quantum computer, asked first whether it is healthy; the runner hears of each
 * IQM job so it can abort it.
 */
async function iqmSampler(connection: IqmConnection): Promise<Sampler> {
  const { computer, pollMs, queueDeadlineMs } = connection;
  const resumed = new Map(
    [...resumeAt].flatMap(([index, { iqmJobs }]) =>
      Object.entries(iqmJobs).map(([key, id]): [string, string] => [`${index}/${key}`, id]),
    ),
  );
  const sampler = await createIqmSampler(openIqmClient(connection, progress.onRetry), {
    pollMs,
    ...(queueDeadlineMs === undefined ? {} : { queueDeadlineMs }),
    onJob: (id) => send({ type: 'remote-job', id }),
    onQueue: progress.onQueue,
    ...(resumeAt.size === 0 ? {} : { resumed }),
    token: (key) => `${jobId}/${key}`,
    onSubmitted: (key, id) => {
      const [index, ...rest] = key.split('/');
      send({ type: 'iqm-job', run: Number(index), key: rest.join('/'), id });
    },
  });
  send({
    type: 'log',
    line: `IQM Resonance ${computer}: ${sampler.device.qubits.length} qubits, ${sampler.device.couplings.length} couplers`,
  });
  return {
    device: sampler.device,
    sample: (circuits, shots, signal, context) =>
      sampler.sample(circuits, shots, signal, context).finally(() => send({ type: 'remote-job', id: null })),
  };
}

// No top-level await: the thread loads this file through tsx's CommonJS hook (see local-runner.ts).
const failure = (error: unknown) =>
  overLimit?.message ?? (error instanceof Error ? error.message : String(error));
runJob().then(
  () => send(overLimit ? { type: 'failed', message: overLimit.message } : { type: 'done' }),
  (error: unknown) => send({ type: 'failed', message: failure(error) }),
);
