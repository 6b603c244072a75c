import { Xoshiro128 } from '../rng.ts';
import type { Counts, NativeCircuit } from './types.ts';
import { rotationXY } from './unitary.ts';

/** 2^24 amplitudes (256 MB): the simulator is a reference and a stand-in device, not a workhorse. */
const MAX_SIMULATED_QUBITS = 24;

/**
 * Exact state-vector simulation of a native circuit on a register whose qubits are `qubits` (a device's
 * qubit names), all starting in |0⟩. Only the qubits the circuit names are simulated: the others stay in
 * |0⟩. Returns the probability of each outcome of the circuit's final `measure`, indexed so that bit k is
 * the k-th measured qubit (character k of a `Counts` bitstring).
 */
export function simulateNative(circuit: NativeCircuit, qubits: readonly string[]): Float64Array {
  const measure = circuit.instructions.at(-1);
  if (
    measure?.name !== 'measure' ||
    circuit.instructions.some((i) => i.name === 'measure' && i !== measure)
  ) {
    throw new Error(`circuit ${circuit.name}: expected one measure instruction, at the end`);
  }
  const register = new Set(qubits);
  const used: string[] = [];
  const index = new Map<string, number>();
  for (const instruction of circuit.instructions) {
    for (const qubit of instruction.qubits) {
      if (!register.has(qubit))
        throw new Error(`circuit ${circuit.name}: qubit ${qubit} is not on the device`);
      if (!index.has(qubit)) index.set(qubit, used.push(qubit) - 1);
    }
  }
  if (used.length > MAX_SIMULATED_QUBITS) {
    throw new Error(
      `circuit ${circuit.name}: ${used.length} qubits; the simulator handles ${MAX_SIMULATED_QUBITS}`,
    );
  }
  const re = new Float64Array(2 ** used.length);
  const im = new Float64Array(re.length);
  re[0] = 1;
  for (const instruction of circuit.instructions) {
    if (instruction.name === 'prx') {
      const { angle_t, phase_t } = instruction.args;
      applySingle(
        re,
        im,
        index.get(instruction.qubits[0])!,
        rotationXY(2 * Math.PI * angle_t, 2 * Math.PI * phase_t),
      );
    } else if (instruction.name === 'cz') {
      const [a, b] = instruction.qubits.map((q) => 1 << index.get(q)!);
      if (a === b) throw new Error(`circuit ${circuit.name}: cz on one qubit`);
      for (let i = 0; i < re.length; i++) {
        if (i & a && i & b) {
          re[i] = -re[i];
          im[i] = -im[i];
        }
      }
    }
  }
  const bits = measure.qubits.map((q) => index.get(q)!);
  if (new Set(bits).size !== bits.length)
    throw new Error(`circuit ${circuit.name}: a qubit is measured twice`);
  const probabilities = new Float64Array(2 ** bits.length);
  for (let i = 0; i < re.length; i++) {
    let outcome = 0;
    for (let k = 0; k < bits.length; k++) outcome |= ((i >>> bits[k]) & 1) << k;
    probabilities[outcome] += re[i] * re[i] + im[i] * im[i];
  }
  return probabilities;
}

/**
 * `shots` measurements of the circuit, reproducibly for a seed (xoshiro128**): sorted uniforms swept over
 * the cumulative probabilities, as the engine samples its own state vector.
 */
export function sampleNative(
  circuit: NativeCircuit,
  qubits: readonly string[],
  shots: number,
  seed: number,
): Counts {
  return sampleProbabilities(simulateNative(circuit, qubits), shots, seed);
}

/**
 * `shots` outcomes drawn from `probabilities` (indexed by outcome, bit k of the index is character k of the
 * bitstring), reproducibly for a seed: sorted xoshiro128** uniforms swept over the cumulative probabilities.
 * Whoever simulates a circuit draws the same shots from the same distribution and seed.
 */
export function sampleProbabilities(probabilities: Float64Array, shots: number, seed: number): Counts {
  const width = Math.log2(probabilities.length);
  const rng = new Xoshiro128(seed);
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  const draws = Float64Array.from({ length: shots }, () => rng.next() * total).sort();
  const counts: Counts = {};
  // Rounding can leave the last draws just above the summed probability: they go to the last possible outcome.
  const lastPossible = probabilities.findLastIndex((p) => p > 0);
  let cumulative = 0;
  let k = 0;
  for (let outcome = 0; outcome <= lastPossible; outcome++) {
    cumulative += probabilities[outcome];
    let count = 0;
    while (k < shots && (draws[k] < cumulative || outcome === lastPossible)) {
      count++;
      k++;
    }
    if (count > 0) counts[bitstring(outcome, width)] = count;
  }
  return counts;
}

/** Character k is bit k of the outcome. */
function bitstring(outcome: number, width: number): string {
  let text = '';
  for (let k = 0; k < width; k++) text += (outcome >>> k) & 1 ? '1' : '0';
  return text;
}

/** u (2×2, row-major complex) on bit `qubit` of the state. */
function applySingle(re: Float64Array, im: Float64Array, qubit: number, u: readonly number[]): void {
  const [ar, ai, br, bi, cr, ci, dr, di] = u;
  const bit = 1 << qubit;
  for (let i = 0; i < re.length; i++) {
    if (i & bit) continue;
    const j = i | bit;
    const [xr, xi, yr, yi] = [re[i], im[i], re[j], im[j]];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
}
