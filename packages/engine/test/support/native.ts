import { CancelPoint } from '../../src/ci/cancel.ts';
import { buildAnsatz, type AnsatzChoice } from '../../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../../src/hivqe/ansatz/space.ts';
import type { QubitOp } from '../../src/hivqe/native/qubit-ops.ts';
import type { NativeDevice } from '../../src/hivqe/native/types.ts';
import { Xoshiro128 } from '../../src/hivqe/rng.ts';
import { StateVector } from '../../src/hivqe/statevector.ts';

/** Every pair of n qubits coupled: no routing needed. */
export function fullDevice(n: number): NativeDevice {
  const qubits = Array.from({ length: n }, (_, i) => `Q${i}`);
  const couplings = qubits.flatMap((a, i) => qubits.slice(i + 1).map((b): [string, string] => [a, b]));
  return { qubits, couplings };
}

/** A rows × columns grid of qubits `r,c`, coupled to their horizontal and vertical neighbours. */
export function gridDevice(rows: number, columns: number): NativeDevice {
  const name = (r: number, c: number) => `${r},${c}`;
  const qubits: string[] = [];
  const couplings: Array<[string, string]> = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      qubits.push(name(r, c));
      if (c + 1 < columns) couplings.push([name(r, c), name(r, c + 1)]);
      if (r + 1 < rows) couplings.push([name(r, c), name(r + 1, c)]);
    }
  }
  return { qubits, couplings };
}

export function randomAngles(count: number, seed: number): Float64Array {
  const rng = new Xoshiro128(seed);
  return Float64Array.from({ length: count }, () => 2 * Math.PI * (rng.next() - 0.5));
}

/**
 * |amplitude|² of the engine's own simulation of the ansatz at θ, over all 2^(2·norb) basis states
 * indexed with bit q = Jordan–Wigner qubit q (states outside the stored blocks have probability 0).
 */
export async function engineProbabilities(
  space: ActiveSpace,
  choice: AnsatzChoice,
  theta: Float64Array,
): Promise<Float64Array> {
  const circuit = buildAnsatz(space, choice);
  const state = new StateVector(circuit.layout);
  await circuit.run(state, theta, new CancelPoint());
  const probabilities = new Float64Array(2 ** (2 * space.norb));
  for (let index = 0; index < probabilities.length; index++) {
    const position = state.layout.position(index & ((1 << space.norb) - 1), index >>> space.norb);
    if (position >= 0) probabilities[index] = state.re[position] ** 2 + state.im[position] ** 2;
  }
  return probabilities;
}

export function largestDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) return Infinity;
  return a.reduce((largest, x, i) => Math.max(largest, Math.abs(x - b[i])), 0);
}

/** The textbook simulation of single-qubit unitaries and CZ on n qubits: |amplitude|², bit q = qubit q. */
export function denseProbabilities(ops: readonly QubitOp[], n: number): Float64Array {
  const re = new Float64Array(2 ** n);
  const im = new Float64Array(2 ** n);
  re[0] = 1;
  for (const op of ops) {
    if (op.type === 'cz') {
      const mask = (1 << op.qubits[0]) | (1 << op.qubits[1]);
      for (let i = 0; i < re.length; i++) {
        if ((i & mask) === mask) [re[i], im[i]] = [-re[i], -im[i]];
      }
      continue;
    }
    const u = op.matrix;
    const bit = 1 << op.qubit;
    for (let i = 0; i < re.length; i++) {
      if (i & bit) continue;
      const j = i | bit;
      const x = [re[i], im[i], re[j], im[j]];
      const row = (r: number): [number, number] => [
        u[4 * r] * x[0] - u[4 * r + 1] * x[1] + u[4 * r + 2] * x[2] - u[4 * r + 3] * x[3],
        u[4 * r] * x[1] + u[4 * r + 1] * x[0] + u[4 * r + 2] * x[3] + u[4 * r + 3] * x[2],
      ];
      [re[i], im[i]] = row(0);
      [re[j], im[j]] = row(1);
    }
  }
  return re.map((r, i) => r * r + im[i] * im[i]);
}
