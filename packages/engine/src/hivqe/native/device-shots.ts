import type { CancelPoint } from '../../ci/cancel.ts';
import type { AnsatzProgram } from '../ansatz/gates.ts';
import { deviceShotsLogLine } from '../log-lines.ts';
import type { ProbeResult } from '../probe.ts';
import type { Sample } from '../sampling.ts';
import type { Evaluate, ShotSource } from '../shots.ts';
import { exportProgram } from './export.ts';
import type { Counts, Sampler } from './types.ts';

/**
 * Shots from a quantum computer: both probes' circuits go out in one `sampler.sample` call (one remote
 * job per iteration), and their counts are evaluated like simulated shots.
 */
export class DeviceShots implements ShotSource {
  constructor(
    private readonly sampler: Sampler,
    private readonly program: AnsatzProgram,
    private readonly shots: number,
    private readonly cancel: CancelPoint,
    private readonly onLog: ((line: string) => void) | undefined,
  ) {}

  get description(): string {
    return (
      this.sampler.description ??
      `shots from a quantum computer with ${this.sampler.device.qubits.length} qubits`
    );
  }

  async probe(
    plus: Float64Array,
    minus: Float64Array,
    iteration: number,
    evaluate: Evaluate,
  ): Promise<[ProbeResult, ProbeResult]> {
    const circuits = [
      exportProgram(this.program, plus, this.sampler.device, `hivqe-it${iteration}-plus`),
      exportProgram(this.program, minus, this.sampler.device, `hivqe-it${iteration}-minus`),
    ];
    const counts = await this.sampler.sample(circuits, this.shots, this.cancel.signal, {
      key: String(iteration),
    });
    this.cancel.throwIfAborted();
    if (counts.length !== circuits.length) {
      throw new Error(
        `the quantum computer returned ${counts.length} results for ${circuits.length} circuits`,
      );
    }
    this.onLog?.(deviceShotsLogLine(iteration, circuits, counts, this.sampler.source));
    const norb = this.program.space.norb;
    const plusResult = await evaluate(countsToSamples(counts[0], norb));
    return [plusResult, await evaluate(countsToSamples(counts[1], norb))];
  }
}

/**
 * Measured bitstrings as (alpha string, beta string) samples: character k is Jordan–Wigner qubit k, alpha
 * orbital k for k < norb and beta orbital k − norb after. Sorted by bitstring, so that the order the
 * service lists them in does not change the run.
 */
export function countsToSamples(counts: Counts, norb: number): Sample[] {
  const samples: Sample[] = [];
  for (const bits of Object.keys(counts).sort()) {
    const shots = counts[bits];
    if (!/^[01]*$/.test(bits) || bits.length !== 2 * norb || !Number.isInteger(shots) || shots < 0) {
      throw new Error(
        `the quantum computer returned ${JSON.stringify(bits)}: ${shots}; expected strings of ${2 * norb} ` +
          'bits (0 or 1) with whole numbers of shots',
      );
    }
    if (shots === 0) continue;
    let alpha = 0;
    let beta = 0;
    for (let p = 0; p < norb; p++) {
      if (bits[p] === '1') alpha |= 1 << p;
      if (bits[norb + p] === '1') beta |= 1 << p;
    }
    samples.push({ alpha, beta, count: shots });
  }
  return samples;
}
