import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { measureThreadCpu, threadCpuSeconds } from './thread-cpu.ts';

/** Another thread of this process spends CPU until it is done: a fixed amount of work, no timer. */
function busyThread(): Promise<void> {
  const worker = new Worker(
    "let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; require('node:worker_threads').parentPort.postMessage(x);",
    {
      eval: true,
    },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', () => void worker.terminate().then(() => resolve()));
    worker.once('error', reject);
  });
}

const processSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

describe('the engine thread’s CPU clock', () => {
  it('counts the calling thread only, not the other threads of the process', async () => {
    const processBefore = processSeconds();
    const { cpuSeconds } = await measureThreadCpu(busyThread);
    const processSpent = processSeconds() - processBefore;
    // The other thread's work shows in the process's clock, and not in this thread's, which only waited.
    expect(processSpent).toBeGreaterThan(0.1);
    expect(cpuSeconds).not.toBeNull();
    expect(cpuSeconds!).toBeLessThan(processSpent / 2);
  });

  it('counts the work the calling thread does', async () => {
    const { value, cpuSeconds } = await measureThreadCpu(async () => {
      let x = 0;
      for (let i = 0; i < 1e8; i++) x += i % 7;
      return x;
    });
    expect(value).toBeGreaterThan(0);
    expect(cpuSeconds).toBeGreaterThan(0.01);
    expect(threadCpuSeconds()).toBeGreaterThanOrEqual(cpuSeconds!);
  });
});
