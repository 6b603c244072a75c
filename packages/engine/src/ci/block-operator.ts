import type { CancelPoint } from './cancel.ts';
import type { SymmetricOperator } from './davidson.ts';

/** An operator whose products read C from, and leave H·C in, vectors of its own layout that it lends. */
export interface LayoutOperator extends SymmetricOperator {
  /**
   * H·C with C written by `load` into a vector of the layout, and H·C read by `store` from another. The vector
   * holds what the last product left: `fromSameLoader` says whether that was `loader`'s own last load.
   */
  applyThrough(
    load: (c: Float64Array, fromSameLoader: boolean) => void,
    store: (out: Float64Array) => void,
    cancel: CancelPoint,
    loader?: object,
  ): Promise<void>;
}

/**
 * An operator seen on some of its coordinates only, those of a block it never leaves (a symmetry block:
 * ProductSpaceHamiltonian.blockDeterminants): Davidson's vectors then hold the block alone, an eighth of
 * the space for D2h, and each product scatters into the operator's own vectors and gathers back.
 */
export class BlockOperator implements SymmetricOperator {
  readonly size: number;
  readonly diagonal: Float64Array;
  /**
   * The block as stretches of consecutive positions (a symmetry block is one per alpha string): stretch i
   * holds positions runFrom[i] … runFrom[i] + runLength[i] − 1, in the block from runAt[i] on. Scatter and
   * gather copy stretches, not elements.
   */
  private readonly runFrom: Int32Array;
  private readonly runLength: Int32Array;
  private readonly runAt: Int32Array;

  /**
   * `transposed[k]`: the position in the block of the determinant that is k's with alpha and beta exchanged,
   * for an operator over even-spin states (restrict averages the two); null otherwise.
   */
  constructor(
    private readonly inner: LayoutOperator,
    positions: Int32Array,
    private readonly transposed: Int32Array | null,
  ) {
    this.size = positions.length;
    const starts: number[] = [];
    for (let k = 0; k < positions.length; k++)
      if (k === 0 || positions[k] !== positions[k - 1] + 1) starts.push(k);
    this.runAt = Int32Array.from(starts);
    this.runFrom = Int32Array.from(starts, (k) => positions[k]);
    this.runLength = Int32Array.from(
      starts,
      (k, i) => (i + 1 < starts.length ? starts[i + 1] : this.size) - k,
    );
    this.diagonal = this.toBlock(inner.diagonal);
  }

  apply(x: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    return this.inner.applyThrough(
      (whole, fromSameLoader) => {
        // Only the block's elements are written: the rest must be zero, as it stays after this fill.
        if (!fromSameLoader) whole.fill(0);
        this.scatter(x, whole);
      },
      (whole) => this.gather(whole, out),
      cancel,
      this,
    );
  }

  restrict(x: Float64Array): void {
    const { transposed } = this;
    if (transposed === null) return;
    for (let k = 0; k < x.length; k++) {
      const j = transposed[k];
      if (j <= k) continue;
      const mean = 0.5 * (x[k] + x[j]);
      x[k] = mean;
      x[j] = mean;
    }
  }

  /** A vector of the whole layout seen on the block. */
  toBlock(whole: Float64Array): Float64Array {
    const out = new Float64Array(this.size);
    this.gather(whole, out);
    return out;
  }

  /** A vector of the block placed in the whole layout (zero outside). */
  toWhole(x: Float64Array): Float64Array {
    const whole = new Float64Array(this.inner.size);
    this.scatter(x, whole);
    return whole;
  }

  private scatter(x: Float64Array, whole: Float64Array): void {
    const { runFrom, runLength, runAt } = this;
    for (let i = 0; i < runAt.length; i++)
      whole.set(x.subarray(runAt[i], runAt[i] + runLength[i]), runFrom[i]);
  }

  private gather(from: Float64Array, out: Float64Array): void {
    const { runFrom, runLength, runAt } = this;
    for (let i = 0; i < runAt.length; i++)
      out.set(from.subarray(runFrom[i], runFrom[i] + runLength[i]), runAt[i]);
  }
}
