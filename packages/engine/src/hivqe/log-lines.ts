import type { IterationPoint } from '../types.ts';
import type { Handover } from './handover.ts';
import type { Counts, NativeCircuit } from './native/types.ts';
import type { PerturbativeResult } from './perturbative.ts';
import type { ProbeResult } from './probe.ts';
import type { Provenance } from './provenance.ts';

/**
 * One metric as the Braket SDK's `log_metric` prints it (src/braket/jobs/metrics.py), exactly:
 * `Metrics - timestamp=<epoch seconds>; <name>=<value>; iteration_number=<n>;`. The engine writes its
 * energies so (shared/engine.md §8), the Braket job its other metrics, and the server's log parser reads
 * them: all three from here.
 */
export function metricLine(name: string, value: number, timestampSeconds: number, iteration: number): string {
  return `${METRICS_MARKER} timestamp=${timestampSeconds}; ${name}=${value}; iteration_number=${iteration};`;
}

export const METRICS_MARKER = 'Metrics -';

/** An iteration's energy as a metric line. */
export function energyMetricLine(point: IterationPoint, iteration: number): string {
  return metricLine('energy', point.energy, Date.parse(point.timestamp) / 1000, iteration);
}

/** Whether a line is a metric line: what a chart is drawn from, wherever in the line the marker stands. */
export function isMetricLine(line: string): boolean {
  return line.includes(METRICS_MARKER);
}

/** The human-readable progress line of one iteration. */
export function iterationLogLine(
  iteration: number,
  point: IterationPoint,
  strings: number,
  probes: readonly [ProbeResult, ProbeResult] | null,
  handed: Handover | null,
  fresh: Provenance,
): string {
  const error = Number.isNaN(point.error) ? '' : `, error ${(point.error * 1000).toFixed(3)} mHa`;
  const shots =
    probes === null
      ? 'sampling off'
      : 'shots ' +
        (['kept', 'repaired', 'dropped'] as const)
          .map((kind) => `${probes[0].tally[kind] + probes[1].tally[kind]} ${kind}`)
          .join(', ');
  const expansion = handed === null ? 'no handover' : `handover of ${handed.determinants} excitations`;
  return (
    `iteration ${iteration}: E = ${point.energy.toFixed(8)} Ha${error}; ` +
    `${point.numStates} determinants (${strings} strings per spin); ${shots}; ${expansion}; ` +
    `new strings ${fresh.sampled} sampled, ${fresh.recovered} recovered, ${fresh.handover} handover`
  );
}

/** What the perturbative selection at the end of the handover's stage did (the iteration's line has the energy). */
export function perturbativeLogLine(iteration: number, { added, rounds }: PerturbativeResult): string {
  return (
    `iteration ${iteration}: perturbative selection, ${rounds} round${rounds === 1 ? '' : 's'}: ` +
    `${added.length} new string${added.length === 1 ? '' : 's'} of largest first-order weight kept`
  );
}

/** The final subspace's energy with its second-order correction (`secondOrderCorrection`), an estimate. */
export function estimateLogLine(energy: number, correction: number): string {
  return (
    `perturbative estimate: E ≈ ${(energy + correction).toFixed(10)} Ha, the final energy ` +
    `${energy.toFixed(10)} Ha with a second-order correction of ${(correction * 1000).toFixed(3)} mHa ` +
    `(determinants one string outside the subspace); an estimate, not a bound`
  );
}

/** The switch from the handover's growth to the samples' refinement (the two stages of runHiVqeLoop). */
export function refiningLogLine(iteration: number, point: IterationPoint): string {
  return (
    `iteration ${iteration}: the handover has converged at ${point.numStates} determinants; ` +
    `from now on the circuit's samples refine the subspace at that size, kept where they lower the energy`
  );
}

/**
 * What an iteration ran on the quantum computer (or the engine's matrix-product state, `source`): circuits,
 * their size on the device, and the shots back.
 */
export function deviceShotsLogLine(
  iteration: number,
  circuits: NativeCircuit[],
  counts: Counts[],
  source = 'the quantum computer',
): string {
  const gates = (circuit: NativeCircuit, name: string) =>
    circuit.instructions.filter((instruction) => instruction.name === name).length;
  const shots = counts.map((c) => Object.values(c).reduce((sum, n) => sum + n, 0));
  const qubits = new Set(
    circuits.flatMap((c) => c.instructions.flatMap((instruction) => instruction.qubits)),
  );
  return (
    `iteration ${iteration}: ${shots.join(' + ')} shots from ${source} ` +
    `(${circuits.map((c) => c.name).join(', ')}: ${qubits.size} qubits, ` +
    `${Math.max(...circuits.map((c) => gates(c, 'cz')))} cz, ${Math.max(...circuits.map((c) => gates(c, 'prx')))} prx)`
  );
}

/** The first run behind natural orbitals (natural-orbitals.ts): its size, energy and the occupations found. */
export function naturalOrbitalsLogLine(
  energy: number,
  determinants: number,
  occupations: Float64Array,
  seconds: number,
): string {
  return (
    `natural orbitals: a first run (handover only) of ${determinants} determinants, E = ${energy.toFixed(10)} Ha, ` +
    `${seconds.toFixed(2)} s; occupations ${Array.from(occupations, (x) => x.toFixed(4)).join(' ')}; ` +
    `the run goes on over these orbitals, most occupied first`
  );
}
