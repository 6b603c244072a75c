import type { CancelPoint } from '../ci/cancel.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { HiVqeParams } from './params.ts';
import { measuredStrings } from './provenance.ts';
import { recoverConfigurations, type SampleTally } from './recovery.ts';
import type { Xoshiro128 } from './rng.ts';
import type { Sample } from './sampling.ts';
import { diagonalise, orbitalOccupations, rankByScore, type Subspace } from './subspace.ts';

/** One cost-function evaluation: what the circuit at θ sampled, and the subspace energy with it. */
export interface ProbeResult {
  energy: number;
  /** Sampled strings not yet in the subspace, with the shots that contained them. */
  counts: Map<number, number>;
  /** Strings the shots measured with the right electron count (the rest of `counts` came from repairs). */
  measured: Set<number>;
  tally: SampleTally;
}

/** Evaluates the HI-VQE cost function from a circuit's shots: configurations → subspace energy. */
export class Prober {
  constructor(
    private readonly ham: ActiveSpaceHamiltonian,
    private readonly params: HiVqeParams,
    private readonly rng: Xoshiro128,
    private readonly cancel: CancelPoint,
    private readonly workStrings: number,
  ) {}

  async evaluate(samples: readonly Sample[], current: Subspace): Promise<ProbeResult> {
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
    const measured = measuredStrings(samples, this.ham);
    const added = rankByScore(counts).slice(0, Math.max(this.workStrings - current.strings.size, 0));
    if (added.length === 0) return { energy: current.energy, counts, measured, tally };
    const probed = await diagonalise(this.ham, [...current.strings.strings, ...added], current, this.cancel);
    return { energy: probed.energy, counts, measured, tally };
  }
}
