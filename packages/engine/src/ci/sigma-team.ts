import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CancelPoint } from './cancel.ts';
import type { SigmaMemory, SigmaVectors } from './sigma-memory.ts';
import type { SigmaData, SigmaPhase, SigmaRows } from './sigma-rows.ts';

export interface SigmaRequest {
  dataId: number;
  /** Sent when the helper does not hold this operator's data yet. */
  data?: SigmaData;
  phase: SigmaPhase;
  /** The shared memory c and out lie in, and the helper's scratch in it. */
  space: SigmaMemory;
  scratch: number;
  c: Float64Array;
  out: Float64Array;
  from: number;
  to: number;
}

export interface SigmaReply {
  error: string | null;
}

/**
 * Below this many determinants (those H·C runs over: a symmetry block's) H·C stays on one thread: a product
 * takes a few milliseconds, and the messages to a helper and the copies into shared vectors would eat what a
 * second core gains. Measured (bench/subspace-scale.ts, session 22): two threads 0.57× as fast as one at
 * 12,500 block determinants, 0.84× at 125,000, 1.27× at 1.25 million (session 19, without blocks: 0.85× at
 * 10^5, 1.41× at 10^6).
 */
const PARALLEL_MIN_SIZE = 300_000;
/** The default, most machines' figure: each helper adds a copy of the operator's data and its screening scratch. */
const DEFAULT_MAX_THREADS = 4;

let settings = { threads: defaultThreads(), minSize: PARALLEL_MIN_SIZE };

/**
 * Threads for H·C: the machine's cores (at most DEFAULT_MAX_THREADS), or HIVQE_THREADS. One runs in the
 * calling thread, the others in helper threads started on first use and kept for the process.
 */
function defaultThreads(): number {
  const configured = Number(process.env.HIVQE_THREADS);
  if (Number.isInteger(configured) && configured >= 1) return configured;
  return Math.min(availableParallelism(), DEFAULT_MAX_THREADS);
}

/**
 * Sets the threads of later operators and the size from which they are used (tests); without arguments,
 * back to the defaults.
 */
export function configureSigmaThreads(threads = defaultThreads(), minSize = PARALLEL_MIN_SIZE): void {
  if (!Number.isInteger(threads) || threads < 1) {
    throw new Error(`threads must be a positive integer, not ${threads}`);
  }
  settings = { threads, minSize };
}

/** How many threads an operator of this many determinants uses. */
export function sigmaThreadsFor(size: number): number {
  return size < settings.minSize ? 1 : settings.threads;
}

// The helper is TypeScript: it registers tsx, as the engine's own entry points do (bin/hivqe.mjs).
const require = createRequire(import.meta.url);
const helperBoot = [
  `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();`,
  `require(${JSON.stringify(fileURLToPath(new URL('./sigma-thread.ts', import.meta.url)))});`,
].join('\n');

interface Helper {
  worker: Worker;
  /** The id of the operator whose data the helper holds. */
  holds: number | null;
  /** Replies awaited, in the order asked (a helper answers in order). */
  waiting: Array<{ resolve: () => void; reject: (error: Error) => void }>;
}

const helpers: Array<Helper | undefined> = [];
const dataIds = new WeakMap<SigmaData, number>();
let nextDataId = 1;

function helper(index: number): Helper {
  const existing = helpers[index];
  if (existing !== undefined) return existing;
  const worker = new Worker(helperBoot, { eval: true });
  const started: Helper = { worker, holds: null, waiting: [] };
  // Idle helpers must not keep the process alive; one with work outstanding must (see ask()).
  worker.unref();
  worker.on('message', (reply: SigmaReply) => {
    const next = started.waiting.shift();
    if (started.waiting.length === 0) worker.unref();
    if (reply.error === null) next?.resolve();
    else next?.reject(new Error(`H·C helper thread: ${reply.error}`));
  });
  const fail = (error: Error) => {
    if (helpers[index] === started) helpers[index] = undefined;
    for (const { reject } of started.waiting.splice(0)) reject(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`H·C helper thread exited with code ${code}`)));
  helpers[index] = started;
  return started;
}

function ask(target: Helper, request: SigmaRequest): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    target.waiting.push({ resolve, reject });
    target.worker.ref();
    target.worker.postMessage(request);
  });
}

/**
 * Runs one phase of H·C over the row ranges bounds[t] … bounds[t+1]: the first in this thread with
 * `local`, the others in helper threads, thread t with scratch t; resolves when all are done. The operator's
 * data is copied to a helper once, into buffers of the helper's own that its garbage collector sees; the vectors
 * are shared (sigma-memory.ts).
 */
export async function runPhase(
  local: SigmaRows,
  phase: SigmaPhase,
  { space, c, out, scratch }: SigmaVectors,
  bounds: readonly number[],
  cancel: CancelPoint,
): Promise<void> {
  const { data } = local;
  let dataId = dataIds.get(data);
  if (dataId === undefined) dataIds.set(data, (dataId = nextDataId++));
  const remote: Array<Promise<void>> = [];
  for (let t = 1; t + 1 < bounds.length; t++) {
    const target = helper(t - 1);
    const request: SigmaRequest = {
      dataId,
      phase,
      space,
      scratch: scratch[t],
      c,
      out,
      from: bounds[t],
      to: bounds[t + 1],
    };
    if (target.holds !== dataId) request.data = data;
    target.holds = dataId;
    remote.push(ask(target, request));
  }
  const here = await local
    .run(phase, { c, out, space, scratch: scratch[0], from: bounds[0], to: bounds[1], cancel })
    .then(
      () => null,
      (error: unknown) => error,
    );
  // Even when this thread's part failed (a cancelled run), the helpers are let finish with the vectors.
  const settled = await Promise.allSettled(remote);
  if (here !== null) throw here;
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/**
 * Cuts rows 0 … weights.length into `parts` ranges of about equal total weight: bounds[0] = 0 …
 * bounds[parts] = weights.length.
 */
export function balancedBounds(weights: ArrayLike<number>, parts: number): number[] {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i];
  const bounds = [0];
  let sum = 0;
  for (let i = 0; i < weights.length && bounds.length < parts; i++) {
    sum += weights[i];
    if (sum >= (total * bounds.length) / parts) bounds.push(i + 1);
  }
  while (bounds.length < parts) bounds.push(weights.length);
  bounds.push(weights.length);
  return bounds;
}
