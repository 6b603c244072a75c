import { parentPort, workerData } from 'node:worker_threads';
import { parseHiVqeParams, runHiVqe, type EngineResult, type Sampler } from '@hivqe/engine';
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
const { kind, hyperparameters, iqm, references: known, memory } = workerData as ThreadInput;
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
  for (const run of engineRuns(kind, hyperparameters)) {
    if (run.label !== null) send({ type: 'log', line: run.label });
    const offset = calls;
    const { value: result, cpuSeconds } = await measureThreadCpu(() =>
      runHiVqe(run.hyperparameters, {
        onIteration: (point) => {
          calls = offset + point.costFunctionCall;
          send({ type: 'iteration', point: { ...point, costFunctionCall: calls } });
        },
        onLog: (line) => send({ type: 'log', line }),
        sampler,
        signal: stop.signal,
        references,
      }),
    );
    reportNewReferences();
    send({ type: 'log', line: summary(result, cpuSeconds) });
    send({ type: 'result', result: runResult(run, result, cpuSeconds) });
  }
}

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
const progress = iqmProgress((line) => send({ type: 'log', line }));

/**
 * Shots from the user's IQM quantum computer, asked first whether it is healthy; the runner hears of each
 * IQM job so it can abort it.
 */
async function iqmSampler(connection: IqmConnection): Promise<Sampler> {
  const { computer, pollMs, queueDeadlineMs } = connection;
  const sampler = await createIqmSampler(openIqmClient(connection, progress.onRetry), {
    pollMs,
    ...(queueDeadlineMs === undefined ? {} : { queueDeadlineMs }),
    onJob: (id) => send({ type: 'remote-job', id }),
    onQueue: progress.onQueue,
  });
  send({
    type: 'log',
    line: `IQM Resonance ${computer}: ${sampler.device.qubits.length} qubits, ${sampler.device.couplings.length} couplers`,
  });
  return {
    device: sampler.device,
    sample: (circuits, shots, signal) =>
      sampler.sample(circuits, shots, signal).finally(() => send({ type: 'remote-job', id: null })),
  };
}

// No top-level await: the thread loads this file through tsx's CommonJS hook (see local-runner.ts).
const failure = (error: unknown) =>
  overLimit?.message ?? (error instanceof Error ? error.message : String(error));
runJob().then(
  () => send(overLimit ? { type: 'failed', message: overLimit.message } : { type: 'done' }),
  (error: unknown) => send({ type: 'failed', message: failure(error) }),
);
