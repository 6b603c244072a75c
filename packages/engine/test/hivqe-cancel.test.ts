import { describe, expect, it } from 'vitest';
import { isAbortError, runHiVqe } from '../src/index.ts';

/** N2 cc-pVDZ (the defaults), long enough to be interrupted anywhere. */
const LONG_RUN = { max_iter: 1000, convergence_count: 0 };

type Hooks = { onIteration?: () => void; onLog?: (line: string) => void };

/**
 * Runs until a hook schedules an abort `delay` ms ahead, and measures from when the abort was due to
 * when the run rejected: the abort timer can only fire when the engine yields, so this is the delay a
 * worker thread's cancel message would see.
 */
async function abortLatency(hooks: (scheduleAbort: (delay: number) => void) => Hooks) {
  const controller = new AbortController();
  let dueAt = 0;
  const scheduleAbort = (delay: number) => {
    if (dueAt !== 0) return;
    dueAt = performance.now() + delay;
    setTimeout(() => controller.abort(), delay);
  };
  const error = await runHiVqe(LONG_RUN, { signal: controller.signal, ...hooks(scheduleAbort) }).then(
    () => null,
    (e: unknown) => e,
  );
  return { error, latency: performance.now() - dueAt };
}

describe('cancellation through the AbortSignal', () => {
  it('rejects at once when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runHiVqe({}, { signal: controller.signal })).rejects.toSatisfy(isAbortError);
  });

  it('stops CASCI within a second of the abort', async () => {
    const { error, latency } = await abortLatency((scheduleAbort) => ({
      onLog: (line) => {
        if (line.startsWith('active space')) scheduleAbort(150);
      },
    }));
    expect(isAbortError(error)).toBe(true);
    expect(latency).toBeLessThan(1000);
  });

  it('stops the HI-VQE loop within a second of the abort', async () => {
    const { error, latency } = await abortLatency((scheduleAbort) => ({
      onIteration: () => scheduleAbort(50),
    }));
    expect(isAbortError(error)).toBe(true);
    expect(latency).toBeLessThan(1000);
  });
});
