/**
 * The stopping rule of the loop: converged once |ΔE| < abstol has been seen `count` times — in a row
 * when `resetOnMiss` (a larger change starts the count again), in total otherwise. A count of 0
 * switches the rule off: the loop then runs max_iter iterations.
 */
export class ConvergenceRule {
  private hits = 0;

  constructor(
    private readonly count: number,
    private readonly abstol: number,
    private readonly resetOnMiss: boolean,
  ) {}

  /** Records one iteration's energy change; true when the run has converged. */
  record(change: number): boolean {
    if (Math.abs(change) < this.abstol) this.hits++;
    else if (this.resetOnMiss) this.hits = 0;
    return this.count > 0 && this.hits >= this.count;
  }
}
