import { describe, expect, it } from 'vitest';
import { guardMemory, MemoryLimitError, threadMemoryBytes } from './memory-guard.ts';

const MB = 2 ** 20;

/** The guarded constructors, on an object of the test's own (the runner's thread keeps its real ones). */
type Guarded = Pick<typeof globalThis, 'SharedArrayBuffer' | 'Float64Array' | 'WebAssembly'>;

/** A guard whose limit is `headroomMb` above what this thread uses now. */
function guarded(headroomMb: number): Guarded {
  // Reads the real constructors through its prototype; the guard's replacements become its own properties.
  const scope = Object.create(globalThis) as Guarded;
  guardMemory(threadMemoryBytes() + headroomMb * MB, () => new MemoryLimitError('over'), scope);
  return scope;
}

describe('the engine thread memory guard', () => {
  it('counts the SharedArrayBuffers a thread holds, which V8 leaves out of its external memory', () => {
    const roomy = guarded(64);
    const held = new roomy.SharedArrayBuffer(8 * MB);
    expect(new roomy.Float64Array(new roomy.SharedArrayBuffer(8 * MB)).length).toBe(MB);
    expect(held.byteLength).toBe(8 * MB);

    const tight = guarded(64);
    const heldMore = new tight.SharedArrayBuffer(40 * MB);
    expect(heldMore).toBeInstanceOf(SharedArrayBuffer);
    // 40 + 40 MB passes the 64 MB only if the held buffer is counted.
    expect(() => new tight.SharedArrayBuffer(40 * MB)).toThrow(MemoryLimitError);
    // Once over, every later allocation is refused, small ones included.
    expect(() => new tight.Float64Array(1 * MB)).toThrow(MemoryLimitError);
  });

  it('refuses one SharedArrayBuffer larger than the limit, and makes real typed arrays otherwise', () => {
    const scope = guarded(64);
    expect(() => new scope.SharedArrayBuffer(100 * MB)).toThrow(MemoryLimitError);
    const roomy = guarded(64);
    const made = new roomy.Float64Array(4);
    expect(made).toBeInstanceOf(Float64Array);
    expect(Object.getPrototypeOf(made)).toBe(Float64Array.prototype);
  });

  it('counts the WebAssembly memory a thread grows, and refuses a grow past the limit before it is made', () => {
    const PAGES_PER_MB = MB / 65_536;
    const scope = guarded(64);
    const memory = new scope.WebAssembly.Memory({ initial: 1, maximum: 65_536, shared: true });
    expect(memory).toBeInstanceOf(WebAssembly.Memory);
    memory.grow(40 * PAGES_PER_MB);
    // 40 MB held; 40 more pass the 64 MB only if the grown memory is not counted.
    expect(() => memory.grow(40 * PAGES_PER_MB)).toThrow(MemoryLimitError);
    expect(memory.buffer.byteLength).toBe((1 + 40 * PAGES_PER_MB) * 65_536);
    expect(() => new scope.Float64Array(1 * MB)).toThrow(MemoryLimitError);
    // The namespace's other members are the real ones.
    expect(scope.WebAssembly.Module).toBe(WebAssembly.Module);
  });
});
