import { getHeapStatistics } from 'node:v8';
import { runHiVqe } from '../../src/index.ts';

/**
 * Runs the HI-VQE runs given (JSON, argv[2]) one after the other in this fresh process and prints, for each,
 * the peak of the V8 heap plus the typed arrays' buffers: what an engine thread's memory limit bounds. The
 * figure is read after every typed-array allocation (the engine's large arrays are all typed arrays) and
 * after every iteration, so no large array escapes it.
 */
let peak = 0;
const read = () => {
  const { used_heap_size, external_memory } = getHeapStatistics();
  peak = Math.max(peak, used_heap_size + external_memory);
};
const globals = globalThis as unknown as Record<string, new (...args: unknown[]) => object>;
for (const name of ['Float64Array', 'Int32Array']) {
  const real = globals[name];
  const watched: typeof real = new Proxy(real, {
    construct(target, args, newTarget): object {
      const made = Reflect.construct(target, args, newTarget === watched ? target : newTarget);
      read();
      return made;
    },
  });
  globals[name] = watched;
}

const runs = JSON.parse(process.argv[2]) as Record<string, unknown>[];
const peaks: number[] = [];
for (const hyperparameters of runs) {
  peak = 0;
  read();
  await runHiVqe(hyperparameters, { onIteration: read });
  peaks.push(peak);
}
console.log(JSON.stringify(peaks));
