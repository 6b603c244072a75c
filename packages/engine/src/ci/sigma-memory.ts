import { SIGMA_KERNELS_WASM } from './wasm/sigma-kernels.wasm.ts';

/**
 * The WebAssembly kernels of H·C (wasm/sigma-kernels.wat) and the memory they work in. One memory holds a
 * product's C, its H·C and each thread's scratch (the screened beta links of one alpha pair); it is shared, so
 * that every thread of H·C (sigma-team.ts) runs its kernels on the same C and H·C without copies.
 */

const PAGE_BYTES = 65_536;
/** wasm32's whole address space: the memory reserves it and commits only what it grows to. */
const MAX_PAGES = 65_536;

/**
 * Addresses are byte offsets into the memory; see sigma-kernels.wat for the arguments. `links`: the address of a
 * thread's screened links (SigmaScratch.links).
 */
export interface SigmaKernels {
  oneLink(inRow: number, outRow: number, sign: number, from: number, end: number, links: number): void;
  fourLinks(
    in1: number,
    in2: number,
    in3: number,
    in4: number,
    out1: number,
    out2: number,
    out3: number,
    out4: number,
    sign1: number,
    sign2: number,
    sign3: number,
    sign4: number,
    from: number,
    end: number,
    links: number,
  ): void;
  fourRows(
    out: number,
    in1: number,
    in2: number,
    in3: number,
    in4: number,
    v1: number,
    v2: number,
    v3: number,
    v4: number,
    count: number,
  ): void;
  oneRow(out: number, inRow: number, v: number, count: number): void;
}

/** A memory with an id that survives being posted to a helper thread (the object received is a new one). */
export interface SigmaMemory {
  id: number;
  memory: WebAssembly.Memory;
}

let compiled: WebAssembly.Module | null = null;
/** This thread's kernels per memory id. */
const instances = new Map<number, SigmaKernels>();

/** The kernels of this thread on `memory`, instantiated on first use. */
export function kernelsOn({ id, memory }: SigmaMemory): SigmaKernels {
  let kernels = instances.get(id);
  if (kernels === undefined) {
    compiled ??= new WebAssembly.Module(Buffer.from(SIGMA_KERNELS_WASM, 'base64'));
    const instance = new WebAssembly.Instance(compiled, { engine: { memory } });
    kernels = instance.exports as unknown as SigmaKernels;
    instances.set(id, kernels);
  }
  return kernels;
}

/**
 * One thread's scratch: the screened beta links of one alpha pair and its row of diagonal weights, after a header
 * of their four addresses (u, weight, start, src), at `links`, which is what the link kernels take.
 */
export interface SigmaScratch {
  links: number;
  start: Int32Array;
  src: Int32Array;
  weight: Float64Array;
  u: Float64Array;
}

const HEADER_BYTES = 16;

/** Where each part of a scratch lies, in bytes from its start, and its whole length. */
function scratchLayout(betaSize: number, links: number) {
  const start = HEADER_BYTES;
  const src = start + align(4 * (betaSize + 1));
  const weight = src + align(4 * links);
  const u = weight + 8 * links;
  return { start, src, weight, u, bytes: u + 8 * betaSize };
}

/** Bytes of one thread's scratch for `betaSize` target strings and `links` beta links. */
export function scratchBytes(betaSize: number, links: number): number {
  return scratchLayout(betaSize, links).bytes;
}

/** The scratch laid out from byte `offset` of the memory (scratchBytes long), its header written. */
export function scratchAt(
  { memory }: SigmaMemory,
  offset: number,
  betaSize: number,
  links: number,
): SigmaScratch {
  const buffer = memory.buffer;
  const at = scratchLayout(betaSize, links);
  new Int32Array(buffer, offset, 4).set([
    offset + at.u,
    offset + at.weight,
    offset + at.start,
    offset + at.src,
  ]);
  return {
    links: offset,
    start: new Int32Array(buffer, offset + at.start, betaSize + 1),
    src: new Int32Array(buffer, offset + at.src, links),
    weight: new Float64Array(buffer, offset + at.weight, links),
    u: new Float64Array(buffer, offset + at.u, betaSize),
  };
}

/** What a product works in: C, H·C and the byte offset of each thread's scratch. */
export interface SigmaVectors {
  space: SigmaMemory;
  c: Float64Array;
  out: Float64Array;
  scratch: number[];
  /** C still holds what the same `loader` (withSigmaVectors) last wrote into it. */
  cFromSameLoader: boolean;
}

const idle: SigmaMemory[] = [];
let nextId = 1;
/**
 * Per memory id, who last wrote C there (withSigmaVectors' `loader`), if anyone said; held weakly, so that an
 * operator done with is not kept alive, with its arrays, until the memory's next product.
 */
const lastLoader = new Map<number, WeakRef<object> | null>();

/**
 * Runs `product` with C and H·C of `size` elements and `threads` scratch areas of `scratch` bytes in a shared
 * memory. Memories are kept for the process and reused (grown when one needs more); products of one thread run
 * one at a time, so a second one at once (never the case in the engine) gets a memory of its own. `loader`
 * names who writes C, so that it can learn whether C still holds its last write.
 */
export async function withSigmaVectors<T>(
  size: number,
  scratch: number,
  threads: number,
  product: (vectors: SigmaVectors) => Promise<T>,
  loader: object | null = null,
): Promise<T> {
  const vectorBytes = align(8 * size);
  const needed = 2 * vectorBytes + threads * align(scratch);
  if (needed > MAX_PAGES * PAGE_BYTES) {
    throw new Error(`H·C needs ${needed} bytes of working memory; WebAssembly holds at most 4 GiB`);
  }
  const space = idle.pop() ?? {
    id: nextId++,
    memory: new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true }),
  };
  try {
    const have = space.memory.buffer.byteLength;
    if (needed > have) space.memory.grow(Math.ceil((needed - have) / PAGE_BYTES));
    const buffer = space.memory.buffer;
    const vectors: SigmaVectors = {
      space,
      c: new Float64Array(buffer, 0, size),
      out: new Float64Array(buffer, vectorBytes, size),
      scratch: Array.from({ length: threads }, (_, t) => 2 * vectorBytes + t * align(scratch)),
      cFromSameLoader: loader !== null && lastLoader.get(space.id)?.deref() === loader,
    };
    lastLoader.set(space.id, loader === null ? null : new WeakRef(loader));
    return await product(vectors);
  } finally {
    idle.push(space);
  }
}

function align(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
