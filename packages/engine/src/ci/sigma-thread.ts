/*
 * A helper thread of H·C (sigma-team.ts): runs one phase over its range of rows, on the operator's data
 * and vectors, which lie in a WebAssembly memory shared with the thread that asked (sigma-memory.ts).
 */
import { parentPort } from 'node:worker_threads';
import { CancelPoint } from './cancel.ts';
import { SigmaRows } from './sigma-rows.ts';
import type { SigmaReply, SigmaRequest } from './sigma-team.ts';

if (parentPort === null) throw new Error('sigma-thread.ts runs as a worker thread');
const port = parentPort;
// Nothing else runs in this thread, so a phase never needs to yield: a slice that never ends.
const neverDue = new CancelPoint(undefined, Number.POSITIVE_INFINITY);
let loaded: { id: number; rows: SigmaRows } | null = null;

port.on('message', (request: SigmaRequest) => {
  void serve(request).then((reply) => port.postMessage(reply));
});

async function serve(request: SigmaRequest): Promise<SigmaReply> {
  try {
    if (request.data !== undefined) loaded = { id: request.dataId, rows: new SigmaRows(request.data) };
    if (loaded?.id !== request.dataId) throw new Error(`operator ${request.dataId} was not loaded`);
    const { phase, space, scratch, c, out, from, to } = request;
    await loaded.rows.run(phase, { c, out, space, scratch, from, to, cancel: neverDue });
    return { error: null };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
