import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * In a thread of its own (the guard replaces the thread's constructors): guards 64 MB above what the thread
 * already uses (its heap after loading TypeScript varies with the garbage collector), holds `heldMb` of
 * SharedArrayBuffer, then asks for `askedMb` more; answers 'made' or the error's name, and says so if even
 * the held buffer was refused.
 */
function sharedAllocation(heldMb: number, askedMb: number): Promise<string> {
  const boot = `
    require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
    const { parentPort } = require('node:worker_threads');
    const { guardMemory, MemoryLimitError, threadMemoryBytes } = require(${JSON.stringify(fileURLToPath(new URL('./memory-guard.ts', import.meta.url)))});
    guardMemory(threadMemoryBytes() + 64 * 2 ** 20, () => new MemoryLimitError('over'));
    let held = null;
    try {
      held = new SharedArrayBuffer(${heldMb} * 2 ** 20);
    } catch (error) {
      parentPort.postMessage('held buffer refused: ' + error.name);
    }
    if (held !== null) {
      try {
        const more = new Float64Array(new SharedArrayBuffer(${askedMb} * 2 ** 20));
        parentPort.postMessage(held.byteLength + more.length > 0 ? 'made' : 'empty');
      } catch (error) {
        parentPort.postMessage(error.name);
      }
    }`;
  const thread = new Worker(boot, { eval: true });
  return new Promise<string>((resolve, reject) => {
    thread.once('message', (answer: string) => void thread.terminate().then(() => resolve(answer)));
    thread.once('error', reject);
  });
}

describe('the engine thread memory guard', () => {
  it('counts the SharedArrayBuffers a thread holds, which V8 leaves out of its external memory', async () => {
    expect(await sharedAllocation(8, 8)).toBe('made');
    expect(await sharedAllocation(40, 40)).toBe('MemoryLimitError');
  });

  it('refuses one SharedArrayBuffer larger than the limit', async () => {
    expect(await sharedAllocation(0, 100)).toBe('MemoryLimitError');
  });
});
