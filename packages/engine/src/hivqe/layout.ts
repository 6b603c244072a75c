import { binomial, enumerateStrings, popcount } from '../ci/strings.ts';

/** The occupation strings over `norb` orbitals, by electron count (enumerated when first asked for). */
export class StringTable {
  private readonly byCount = new Map<number, Int32Array>();
  private readonly choose: Int32Array[];

  constructor(readonly norb: number) {
    this.choose = Array.from({ length: norb + 1 }, (_, p) =>
      Int32Array.from({ length: norb + 2 }, (_, j) => binomial(p, j)),
    );
  }

  /** The strings with `count` electrons, ascending. */
  strings(count: number): Int32Array {
    let strings = this.byCount.get(count);
    if (strings === undefined) {
      strings = enumerateStrings(this.norb, count);
      this.byCount.set(count, strings);
    }
    return strings;
  }

  /** Position of x among the strings with its electron count (colexicographic = ascending order). */
  rank(x: number): number {
    let rank = 0;
    let j = 0;
    for (let p = 0; p < this.norb; p++) if ((x >>> p) & 1) rank += this.choose[p][++j];
    return rank;
  }
}

/** The amplitudes with kα alpha and kβ beta electrons, stored [alpha rank][beta rank] from `offset`. */
export interface Block {
  alphaCount: number;
  betaCount: number;
  offset: number;
  alphaSize: number;
  betaSize: number;
}

/**
 * Which part of the 2^(2·norb) qubit space a state vector stores: a list of (kα, kβ) particle-number
 * blocks. An ansatz that conserves particle numbers needs only the blocks it can reach, which is what
 * makes a 20-qubit excitation-preserving circuit a 184,756-amplitude simulation instead of 1,048,576.
 */
export class BlockLayout {
  readonly blocks: Block[] = [];
  readonly size: number;
  private readonly index: Int32Array;

  constructor(
    readonly table: StringTable,
    counts: ReadonlyArray<readonly [number, number]>,
  ) {
    const n = table.norb + 1;
    this.index = new Int32Array(n * n).fill(-1);
    let offset = 0;
    for (const [alphaCount, betaCount] of counts) {
      const block: Block = {
        alphaCount,
        betaCount,
        offset,
        alphaSize: binomial(table.norb, alphaCount),
        betaSize: binomial(table.norb, betaCount),
      };
      this.index[alphaCount * n + betaCount] = this.blocks.length;
      this.blocks.push(block);
      offset += block.alphaSize * block.betaSize;
    }
    this.size = offset;
  }

  block(alphaCount: number, betaCount: number): Block | undefined {
    const n = this.table.norb + 1;
    if (alphaCount < 0 || betaCount < 0 || alphaCount >= n || betaCount >= n) return undefined;
    const i = this.index[alphaCount * n + betaCount];
    return i < 0 ? undefined : this.blocks[i];
  }

  /** Position of the basis state (alpha string, beta string), or −1 when its block is not stored. */
  position(alpha: number, beta: number): number {
    const block = this.block(popcount(alpha), popcount(beta));
    if (block === undefined) return -1;
    return block.offset + this.table.rank(alpha) * block.betaSize + this.table.rank(beta);
  }

  /** The basis state stored at a position. */
  basisState(position: number): [alpha: number, beta: number] {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.blocks[mid].offset <= position) lo = mid;
      else hi = mid - 1;
    }
    const block = this.blocks[lo];
    const local = position - block.offset;
    const alphaRank = Math.floor(local / block.betaSize);
    return [
      this.table.strings(block.alphaCount)[alphaRank],
      this.table.strings(block.betaCount)[local - alphaRank * block.betaSize],
    ];
  }
}

/** Sizes of the three layouts the ansätze use, without building them (for the up-front memory check). */
export function layoutSize(norb: number, counts: ReadonlyArray<readonly [number, number]>): number {
  return counts.reduce((sum, [ka, kb]) => sum + binomial(norb, ka) * binomial(norb, kb), 0);
}
