import { parentPort, workerData } from 'node:worker_threads';
import { runHiVqe, type EngineResult } from '@hivqe/engine';
import { engineRuns } from '../providers/quantum/local/engine-runs.ts';
import type { ThreadInput, ThreadMessage } from './thread-protocol.ts';

/**
 * Runs one job's computations on the local engine, reporting as it goes. The runner cancels a job by
 * terminating this thread, which stops even a tight loop at once, so no abort signal is needed here.
 */
const port = parentPort;
if (port === null) throw new Error('engine-thread.ts runs as a worker thread');
const send = (message: ThreadMessage) => port.postMessage(message);
const { kind, hyperparameters } = workerData as ThreadInput;

const summary = (result: EngineResult) =>
  `Result: E(HI-VQE) = ${result.energy.toFixed(10)} Ha, E(RHF) = ${result.eRhf.toFixed(10)} Ha` +
  (result.eCasci === null ? '' : `, E(CASCI) = ${result.eCasci.toFixed(10)} Ha`) +
  `; ${result.iterations} iterations, ${result.numStates} determinants, ${result.seconds.toFixed(2)} s`;

/** Several molecules (an IQM bond scan) run one after the other; their cost-function calls keep counting. */
async function runJob(): Promise<void> {
  let calls = 0;
  for (const run of engineRuns(kind, hyperparameters)) {
    if (run.label !== null) send({ type: 'log', line: run.label });
    const offset = calls;
    const result = await runHiVqe(run.hyperparameters, {
      onIteration: (point) => {
        calls = offset + point.costFunctionCall;
        send({ type: 'iteration', point: { ...point, costFunctionCall: calls } });
      },
      onLog: (line) => send({ type: 'log', line }),
    });
    send({ type: 'log', line: summary(result) });
  }
}

// No top-level await: the thread loads this file through tsx's CommonJS hook (see local-runner.ts).
runJob().then(
  () => send({ type: 'done' }),
  (error: unknown) =>
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
