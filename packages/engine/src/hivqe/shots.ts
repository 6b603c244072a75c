import type { CancelPoint } from '../ci/cancel.ts';
import { blockCircuit } from './ansatz/block-circuit.ts';
import type { AnsatzProgram } from './ansatz/gates.ts';
import type { Circuit } from './circuit.ts';
import { chosenSimulator } from './limits.ts';
import { MpsSampler } from './mps/mps-sampler.ts';
import { DeviceShots } from './native/device-shots.ts';
import type { HiVqeParams } from './params.ts';
import type { ProbeResult } from './probe.ts';
import type { Xoshiro128 } from './rng.ts';
import { sampleState, type Sample } from './sampling.ts';
import { StateVector } from './statevector.ts';

/** Turns one probe's shots into its cost-function result (`Prober.evaluate` against the current subspace). */
export type Evaluate = (samples: readonly Sample[]) => Promise<ProbeResult>;

/** Where the shots of an iteration's two SPSA probes, the circuit at θ + c·Δ and at θ − c·Δ, come from. */
export interface ShotSource {
  /** A line for the run's opening log line: how the circuits are run. */
  readonly description: string;
  probe(
    plus: Float64Array,
    minus: Float64Array,
    iteration: number,
    evaluate: Evaluate,
  ): Promise<[ProbeResult, ProbeResult]>;
}

/**
 * The engine's own state-vector simulation. Each probe is simulated, sampled and evaluated before the
 * next, so the seeded generator is drawn from in the same order as ever (same seed, same run).
 */
export class SimulatedShots implements ShotSource {
  private readonly state: StateVector;

  constructor(
    private readonly circuit: Circuit,
    private readonly shots: number,
    private readonly rng: Xoshiro128,
    private readonly cancel: CancelPoint,
  ) {
    this.state = new StateVector(circuit.layout);
  }

  get description(): string {
    return `state vector of ${this.circuit.layout.size.toLocaleString('en-US')} amplitudes`;
  }

  async probe(
    plus: Float64Array,
    minus: Float64Array,
    _iteration: number,
    evaluate: Evaluate,
  ): Promise<[ProbeResult, ProbeResult]> {
    const plusResult = await evaluate(await this.sample(plus));
    return [plusResult, await evaluate(await this.sample(minus))];
  }

  private async sample(theta: Float64Array): Promise<Sample[]> {
    await this.circuit.run(this.state, theta, this.cancel);
    return sampleState(this.state, this.shots, this.rng, this.cancel);
  }
}

/**
 * The engine's own simulation of the circuit: the state vector, or the matrix-product state
 * (`chosenSimulator`), which is run as a sampler of the circuit exported to a line of qubits.
 */
export function simulatedShots(
  program: AnsatzProgram,
  params: HiVqeParams,
  rng: Xoshiro128,
  cancel: CancelPoint,
  onLog: ((line: string) => void) | undefined,
): ShotSource {
  const choice = { ansatz: params.ansatz, entanglement: params.ansatzEntanglement, reps: params.ansatzReps };
  if (chosenSimulator(program.space, choice, params.simulator) === 'statevector') {
    return new SimulatedShots(blockCircuit(program), params.shots, rng, cancel);
  }
  const policy = { maxBond: params.mpsBondDimension, cutoff: params.mpsCutoff };
  const sampler = new MpsSampler(2 * program.space.norb, policy, params.seed, cancel, onLog);
  return new DeviceShots(sampler, program, params.shots, cancel, onLog);
}
