/**
 * Ha. The smallest gain worth a diagonalisation: every swap of the refining stage ends at or above the
 * subspace with the candidate added, so a candidate that lowers the energy by less than this when added is
 * not worth the swaps'; the refining stage and the perturbative selection end once a step gains less.
 */
export const MIN_GAIN = 1e-6;

export interface ConvergenceState {
  hits: number;
  lastSmall: boolean;
}

/**
 * The stopping rule of the loop: converged once |ΔE| < abstol has been seen `count` times — in a row
 * when `resetOnMiss` (a larger change starts the count again), in total otherwise. A count of 0
 * switches the rule off: the loop then runs max_iter iterations.
 */
export class ConvergenceRule {
  private hits = 0;
  private lastSmall = false;

  constructor(
    private readonly count: number,
    private readonly abstol: number,
    private readonly resetOnMiss: boolean,
  ) {}

  /** What the rule has seen so far, to restore (`restore`) in a rule of the same count and abstol. */
  get state(): ConvergenceState {
    return { hits: this.hits, lastSmall: this.lastSmall };
  }

  restore(state: ConvergenceState): void {
    this.hits = state.hits;
    this.lastSmall = state.lastSmall;
  }

  /** Records one iteration's energy change; true when the run has converged. */
  record(change: number): boolean {
    this.lastSmall = Math.abs(change) < this.abstol;
    if (this.lastSmall) this.hits++;
    else if (this.resetOnMiss) this.hits = 0;
    return this.count > 0 && this.hits >= this.count;
  }

  /**
   * True while the energy has settled: the last change was below abstol (and the rule is on). The loop
   * then stops growing the subspace, so that the remaining count is spent confirming the energy at this
   * size rather than doubling it; a larger change lets it grow again.
   */
  get settled(): boolean {
    return this.count > 0 && this.lastSmall;
  }
}
