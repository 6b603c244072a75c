import type { CancelPoint } from '../ci/cancel.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { Circuit } from './circuit.ts';
import type { HiVqeParams } from './params.ts';
import { recoverConfigurations, type SampleTally } from './recovery.ts';
import type { Xoshiro128 } from './rng.ts';
import { sampleState } from './sampling.ts';
import type { StateVector } from './statevector.ts';
import { diagonalise, orbitalOccupations, rankByScore, type Subspace } from './subspace.ts';

/** One cost-function evaluation: what the circuit at θ samples, and the subspace energy with it. */
export interface ProbeResult {
  energy: number;
  /** Sampled strings not yet in the subspace, with the shots that contained them. */
  counts: Map<number, number>;
  tally: SampleTally;
}

/** Evaluates the HI-VQE cost function: circuit → shots → configurations → subspace energy. */
export class Prober {
  constructor(
    private readonly ham: ActiveSpaceHamiltonian,
    private readonly params: HiVqeParams,
    private readonly circuit: Circuit,
    private readonly state: StateVector,
    private readonly rng: Xoshiro128,
    private readonly cancel: CancelPoint,
    private readonly workStrings: number,
  ) {}

  async run(theta: Float64Array, current: Subspace): Promise<ProbeResult> {
    await this.circuit.run(this.state, theta, this.cancel);
    const samples = await sampleState(this.state, this.params.shots, this.rng, this.cancel);
    const { configurations, tally } = await recoverConfigurations(
      samples,
      this.ham,
      orbitalOccupations(current, this.ham.norb),
      this.params.configurationRecovery,
      this.rng,
      this.cancel,
    );
    const counts = new Map<number, number>();
    for (const { alpha, beta, count } of configurations) {
      for (const x of alpha === beta ? [alpha] : [alpha, beta]) {
        if (current.strings.indexOf(x) < 0) counts.set(x, (counts.get(x) ?? 0) + count);
      }
    }
    const added = rankByScore(counts).slice(0, Math.max(this.workStrings - current.strings.size, 0));
    if (added.length === 0) return { energy: current.energy, counts, tally };
    const probed = await diagonalise(this.ham, [...current.strings.strings, ...added], current, this.cancel);
    return { energy: probed.energy, counts, tally };
  }
}
