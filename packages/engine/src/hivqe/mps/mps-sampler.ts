import type { CancelPoint } from '../../ci/cancel.ts';
import { lineDevice } from '../native/line-device.ts';
import type { Counts, NativeCircuit, NativeDevice, SampleContext, Sampler } from '../native/types.ts';
import { Xoshiro128 } from '../rng.ts';
import { MatrixProductState, type TruncationPolicy } from './mps.ts';
import { sampleMps } from './mps-sample.ts';
import { siteGates } from './site-gates.ts';

/**
 * The engine's matrix-product-state simulation, as a sampler: the ansatz is exported to a line of qubits
 * (prx and cz between neighbours, SWAPs where the ansatz links qubits further apart), run on a
 * matrix-product state cut by `policy` after each fused two-qubit gate, and measured. Memory grows with
 * the qubits times the bond dimension squared, not with 2^qubits, so circuits beyond the state vector's
 * limit can be sampled. Each circuit's shots are drawn from a generator seeded by the run's seed, the call's
 * key and the circuit's place in the call, so a resumed run draws the same shots.
 */
export class MpsSampler implements Sampler {
  readonly device: NativeDevice;
  readonly source = 'the matrix-product-state simulation';

  constructor(
    qubits: number,
    private readonly policy: TruncationPolicy,
    private readonly seed: number,
    private readonly cancel: CancelPoint,
    private readonly onLog?: (line: string) => void,
  ) {
    this.device = lineDevice(qubits);
  }

  get description(): string {
    const bond = Number.isFinite(this.policy.maxBond) ? String(this.policy.maxBond) : 'unlimited';
    return (
      `matrix-product state on ${this.device.qubits.length} qubits ` +
      `(bond dimension at most ${bond}, cutoff ${this.policy.cutoff.toExponential(0)} per cut)`
    );
  }

  async sample(
    circuits: NativeCircuit[],
    shots: number,
    _signal?: AbortSignal,
    context?: SampleContext,
  ): Promise<Counts[]> {
    const site = new Map(this.device.qubits.map((q, k) => [q, k]));
    const siteOf = (qubit: string) => {
      const k = site.get(qubit);
      if (k === undefined) throw new Error(`qubit ${qubit} is not on the simulated line`);
      return k;
    };
    const counts: Counts[] = [];
    const notes: string[] = [];
    for (const [index, circuit] of circuits.entries()) {
      const measure = circuit.instructions.at(-1);
      if (measure?.name !== 'measure' || measure.qubits.length !== this.device.qubits.length) {
        throw new Error(`circuit ${circuit.name}: expected a final measure of every qubit`);
      }
      const mps = new MatrixProductState(this.device.qubits.length, this.policy);
      for (const gate of siteGates(circuit.instructions, siteOf)) {
        if (gate.type === 'single') mps.applySingle(gate.site, gate.u);
        else mps.applyPair(gate.site, gate.u);
        if (this.cancel.due()) await this.cancel.pause();
      }
      const rng = new Xoshiro128(seedFor(this.seed, context?.key ?? '', index));
      const outcomes = await sampleMps(mps, shots, rng, this.cancel);
      const order = measure.qubits.map(siteOf);
      const circuitCounts: Counts = {};
      for (const [outcome, n] of outcomes) {
        circuitCounts[order.map((k) => outcome[k]).join('')] = n;
      }
      counts.push(circuitCounts);
      notes.push(
        `${circuit.name} bond ${mps.largestBond}, discarded weight ${mps.discardedWeight.toExponential(1)}` +
          (mps.discardedWeight > FAITHFUL_WEIGHT ? ' (far from the circuit: raise mps_bond_dimension)' : ''),
      );
    }
    this.onLog?.(`matrix-product state: ${notes.join('; ')}`);
    return counts;
  }
}

/**
 * Above this summed discarded weight the state has lost more than about a percent of its overlap with the
 * circuit's, and the log says so: its samples are then the truncated state's, not the circuit's.
 */
const FAITHFUL_WEIGHT = 0.01;

/** FNV-1a over the seed, the call's key and the circuit's index: one generator per circuit. */
function seedFor(seed: number, key: string, index: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}/${key}/${index}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
