import type { BlockLayout } from './layout.ts';

/** Complex amplitudes over a block layout, real and imaginary parts in separate arrays. */
export class StateVector {
  readonly re: Float64Array;
  readonly im: Float64Array;

  constructor(readonly layout: BlockLayout) {
    this.re = new Float64Array(layout.size);
    this.im = new Float64Array(layout.size);
  }

  setBasisState(alpha: number, beta: number): void {
    const position = this.layout.position(alpha, beta);
    if (position < 0) throw new Error('StateVector: the basis state is outside the layout');
    this.re.fill(0);
    this.im.fill(0);
    this.re[position] = 1;
  }
}
