import { getHeapStatistics } from 'node:v8';

/**
 * The engine thread's memory limit over what V8's heap limit (the thread's resourceLimits) does not see:
 * the engine's large arrays (state vectors, CI vectors, integrals) are typed arrays, whose buffers live
 * outside the heap. Every typed-array and ArrayBuffer constructor of the thread is wrapped so that a large
 * allocation, and every few MB of small ones, first checks the thread's own heap plus buffers (this isolate's,
 * not the process's) against the limit; over it, the allocation throws MemoryLimitError and so does every
 * later one, so the run fails before the memory is taken. The arrays made stay plain typed arrays: only
 * their construction passes the check, the engine's loops over them run as fast as before.
 */
export class MemoryLimitError extends Error {
  override readonly name = 'MemoryLimitError';
}

/** An allocation this large is checked before it is made. */
const LARGE_BYTES = 256 * 1024;
/** Smaller allocations are checked once this many bytes of them have been made since the last check. */
const SMALL_BYTES_PER_CHECK = 4 * 2 ** 20;

const TYPED_ARRAYS = [
  'Float64Array',
  'Float32Array',
  'Int32Array',
  'Uint32Array',
  'Int16Array',
  'Uint16Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'BigInt64Array',
  'BigUint64Array',
] as const;

type Constructor = (new (...args: unknown[]) => object) & { BYTES_PER_ELEMENT?: number };

/** The bytes a constructor call allocates: a length, or an array-like's (a typed array's) length; a buffer given is no new memory. */
function bytesOf(args: unknown[], bytesPerElement: number): number {
  const [first] = args;
  if (typeof first === 'number') return first * bytesPerElement;
  if (typeof first !== 'object' || first === null || first instanceof ArrayBuffer) return 0;
  return 'length' in first && typeof first.length === 'number' ? first.length * bytesPerElement : 0;
}

/**
 * Bytes of the SharedArrayBuffers and WebAssembly memories this thread made and still holds (the engine's H·C
 * works in a shared WebAssembly memory with its helper threads): V8 counts them in no isolate's external
 * memory, so the guard counts them itself, until each is collected.
 */
let sharedBytes = 0;
const sharedReleased = new FinalizationRegistry<{ bytes: number }>(({ bytes }) => (sharedBytes -= bytes));

const WASM_PAGE_BYTES = 65_536;

/** The thread's memory in use: its V8 heap and the buffers it allocated. */
export function threadMemoryBytes(): number {
  const { used_heap_size, external_memory } = getHeapStatistics();
  return used_heap_size + external_memory + sharedBytes;
}

/**
 * Installs the limit on this thread's allocations; call once, before the engine runs. `scope` is the object
 * whose constructors are replaced: the thread's globals, or (in a test) an object of its own, so that the
 * test runner's thread keeps its real constructors.
 */
export function guardMemory(
  limitBytes: number,
  exceeded: () => MemoryLimitError,
  scope: object = globalThis,
): void {
  let unchecked = 0;
  let over = false;
  const check = (bytes: number) => {
    unchecked += bytes;
    if (!over && bytes < LARGE_BYTES && unchecked < SMALL_BYTES_PER_CHECK) return;
    unchecked = 0;
    over ||= threadMemoryBytes() + bytes > limitBytes;
    if (over) throw exceeded();
  };
  const globals = scope as Record<string, unknown>;
  for (const name of [...TYPED_ARRAYS, 'ArrayBuffer', 'SharedArrayBuffer']) {
    const real = globals[name] as Constructor;
    const buffer = name.endsWith('ArrayBuffer');
    const guarded: Constructor = new Proxy(real, {
      construct(target, args, newTarget): object {
        const bytes = buffer ? bytesOf(args, 1) : bytesOf(args, target.BYTES_PER_ELEMENT ?? 1);
        check(bytes);
        // `new Float64Array(n)` in the engine comes here with the proxy as new.target: make a real one.
        const made: object = Reflect.construct(target, args, newTarget === guarded ? target : newTarget);
        if (name === 'SharedArrayBuffer') {
          sharedBytes += bytes;
          sharedReleased.register(made, { bytes });
        }
        return made;
      },
    });
    globals[name] = guarded;
  }
  guardWebAssemblyMemory(globals, check);
}

/**
 * Replaces scope.WebAssembly by the same namespace whose Memory counts the pages it is made with and checks
 * every grow before it is made.
 */
function guardWebAssemblyMemory(globals: Record<string, unknown>, check: (bytes: number) => void): void {
  const real = globals.WebAssembly as typeof WebAssembly;
  const Memory = new Proxy(real.Memory, {
    construct(target, args: [WebAssembly.MemoryDescriptor], newTarget): object {
      const counted = { bytes: args[0].initial * WASM_PAGE_BYTES };
      check(counted.bytes);
      const memory = Reflect.construct(
        target,
        args,
        newTarget === Memory ? target : newTarget,
      ) as WebAssembly.Memory;
      sharedBytes += counted.bytes;
      sharedReleased.register(memory, counted);
      const grow = memory.grow.bind(memory);
      memory.grow = (delta: number) => {
        check(delta * WASM_PAGE_BYTES);
        const pages = grow(delta);
        counted.bytes += delta * WASM_PAGE_BYTES;
        sharedBytes += delta * WASM_PAGE_BYTES;
        return pages;
      };
      return memory;
    },
  });
  globals.WebAssembly = Object.create(real, { Memory: { value: Memory } }) as typeof WebAssembly;
}
