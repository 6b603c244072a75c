import type { CancelPoint } from './cancel.ts';
import type { SymmetricOperator } from './davidson.ts';

/**
 * An operator seen on some of its coordinates only, those of a block it never leaves (a symmetry block:
 * ProductSpaceHamiltonian.blockDeterminants): Davidson's vectors then hold the block alone, an eighth of
 * the space for D2h, and each product scatters into the whole layout and gathers back.
 */
export class BlockOperator implements SymmetricOperator {
  readonly size: number;
  readonly diagonal: Float64Array;
  /** The whole layout, zero outside the block at all times. */
  private readonly whole: Float64Array;
  private readonly wholeOut: Float64Array;

  constructor(
    private readonly inner: SymmetricOperator,
    private readonly positions: Int32Array,
  ) {
    this.size = positions.length;
    this.diagonal = Float64Array.from(positions, (i) => inner.diagonal[i]);
    this.whole = new Float64Array(inner.size);
    this.wholeOut = new Float64Array(inner.size);
  }

  async apply(x: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    this.scatter(x);
    await this.inner.apply(this.whole, this.wholeOut, cancel);
    this.gather(this.wholeOut, out);
  }

  restrict(x: Float64Array): void {
    this.scatter(x);
    this.inner.restrict(this.whole);
    this.gather(this.whole, x);
  }

  /** A vector of the whole layout seen on the block. */
  toBlock(whole: Float64Array): Float64Array {
    const out = new Float64Array(this.size);
    this.gather(whole, out);
    return out;
  }

  /** A vector of the block placed in the whole layout (zero outside). */
  toWhole(x: Float64Array): Float64Array {
    this.scatter(x);
    return Float64Array.from(this.whole);
  }

  private scatter(x: Float64Array): void {
    const { positions, whole } = this;
    for (let k = 0; k < positions.length; k++) whole[positions[k]] = x[k];
  }

  private gather(from: Float64Array, out: Float64Array): void {
    const { positions } = this;
    for (let k = 0; k < positions.length; k++) out[k] = from[positions[k]];
  }
}
