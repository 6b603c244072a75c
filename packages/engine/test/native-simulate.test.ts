import { describe, expect, it } from 'vitest';
import { emitNative } from '../src/hivqe/native/emit.ts';
import type { QubitOp } from '../src/hivqe/native/qubit-ops.ts';
import { sampleNative, simulateNative } from '../src/hivqe/native/simulate.ts';
import type { NativeCircuit, NativeInstruction } from '../src/hivqe/native/types.ts';
import {
  IDENTITY,
  multiply,
  rotationXY,
  rx,
  ry,
  rz,
  splitRotation,
  type Unitary,
} from '../src/hivqe/native/unitary.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { denseProbabilities, largestDifference } from './support/native.ts';

const prx = (qubit: string, angle_t: number, phase_t: number): NativeInstruction => ({
  name: 'prx',
  qubits: [qubit],
  args: { angle_t, phase_t },
});
const cz = (a: string, b: string): NativeInstruction => ({ name: 'cz', qubits: [a, b], args: {} });
const measure = (...qubits: string[]): NativeInstruction => ({ name: 'measure', qubits, args: { key: 'm' } });
const circuit = (...instructions: NativeInstruction[]): NativeCircuit => ({ name: 'test', instructions });

/** Largest entry of |u − e^{iγ}v| over γ fitted on the largest entry: equality up to a global phase. */
function distanceUpToPhase(u: Unitary, v: Unitary): number {
  let k = 0;
  for (let i = 0; i < 4; i++)
    if (Math.hypot(u[2 * i], u[2 * i + 1]) > Math.hypot(u[2 * k], u[2 * k + 1])) k = i;
  // phase = u_k / v_k
  const norm = Math.hypot(v[2 * k], v[2 * k + 1]);
  const [pr, pi] = [
    (u[2 * k] * v[2 * k] + u[2 * k + 1] * v[2 * k + 1]) / norm ** 2,
    (u[2 * k + 1] * v[2 * k] - u[2 * k] * v[2 * k + 1]) / norm ** 2,
  ];
  let largest = 0;
  for (let i = 0; i < 4; i++) {
    const [vr, vi] = [pr * v[2 * i] - pi * v[2 * i + 1], pr * v[2 * i + 1] + pi * v[2 * i]];
    largest = Math.max(largest, Math.hypot(u[2 * i] - vr, u[2 * i + 1] - vi));
  }
  return largest;
}

function randomUnitary(rng: Xoshiro128): Unitary {
  const angle = () => 2 * Math.PI * rng.next();
  return multiply(rz(angle()), multiply(ry(angle()), rz(angle())));
}

describe('native gates', () => {
  it('prx(angle_t, phase_t) = exp(−iπ·angle_t·(cos(2π·phase_t)X + sin(2π·phase_t)Y)), in full turns', () => {
    expect(simulateNative(circuit(prx('A', 0.5, 0), measure('A')), ['A'])[1]).toBeCloseTo(1, 14);
    // RY(π/2) = prx(0.25, 0.25): |0⟩ → (|0⟩ + |1⟩)/√2, and twice |0⟩ → |1⟩.
    expect(simulateNative(circuit(prx('A', 0.25, 0.25), measure('A')), ['A'])[0]).toBeCloseTo(0.5, 14);
    const twice = simulateNative(circuit(prx('A', 0.25, 0.25), prx('A', 0.25, 0.25), measure('A')), ['A']);
    expect(twice[1]).toBeCloseTo(1, 14);
    expect(distanceUpToPhase(rotationXY(0.7, Math.PI / 2), ry(0.7))).toBeLessThan(1e-15);
  });

  it('cz is diag(1, 1, 1, −1): between two RY(π/2) it sends |+⟩|1⟩ to |−⟩|1⟩', () => {
    const probabilities = simulateNative(
      circuit(prx('A', 0.5, 0), prx('B', 0.25, 0.25), cz('A', 'B'), prx('B', 0.25, 0.25), measure('A', 'B')),
      ['A', 'B', 'C'],
    );
    // Without cz, RY(π/2)² sends B to |1⟩; with A = |1⟩, cz flips B's |−⟩ component, so B ends in |0⟩.
    expect(probabilities[0b01]).toBeCloseTo(1, 14);
  });

  it('rejects a circuit without a final measure or with a qubit off the device', () => {
    expect(() => simulateNative(circuit(prx('A', 0.5, 0)), ['A'])).toThrow(/measure/);
    expect(() => simulateNative(circuit(prx('Z', 0.5, 0), measure('Z')), ['A'])).toThrow(
      /Z is not on the device/,
    );
  });
});

describe('sampling native circuits', () => {
  const flip = circuit(
    prx('B', 0.25, 0.25),
    prx('A', 0.5, 0),
    cz('A', 'B'),
    prx('B', 0.25, 0.75),
    measure('A', 'B', 'C'),
  );

  it('character k of a bitstring is the k-th measured qubit', () => {
    // RY(π/2), cz, RY(−π/2) on B is a CX from A = |1⟩: B ends in |1⟩; C is never touched.
    expect(sampleNative(flip, ['A', 'B', 'C'], 10, 1)).toEqual({ '110': 10 });
    const reversed = circuit(...flip.instructions.slice(0, -1), measure('C', 'B', 'A'));
    expect(sampleNative(reversed, ['A', 'B', 'C'], 10, 1)).toEqual({ '011': 10 });
  });

  it('draws outcomes with their probabilities, reproducibly for a seed', () => {
    const tilted = circuit(
      prx('A', 0.2, 0.1),
      prx('B', 0.4, 0.3),
      cz('A', 'B'),
      prx('A', 0.1, 0),
      measure('A', 'B'),
    );
    const p = simulateNative(tilted, ['A', 'B']);
    const counts = sampleNative(tilted, ['A', 'B'], 200_000, 5);
    expect(sampleNative(tilted, ['A', 'B'], 200_000, 5)).toEqual(counts);
    expect(sampleNative(tilted, ['A', 'B'], 200_000, 6)).not.toEqual(counts);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(200_000);
    for (const [bits, index] of [
      ['00', 0],
      ['10', 1],
      ['01', 2],
      ['11', 3],
    ] as const) {
      expect(Math.abs((counts[bits] ?? 0) / 200_000 - p[index])).toBeLessThan(0.005);
    }
  });
});

describe('single-qubit gates merged into one prx and a virtual Z', () => {
  it('splits any unitary into RZ(λ)·R_φ(θ), including the nearly diagonal and nearly off-diagonal ones', () => {
    const rng = new Xoshiro128(11);
    const unitaries = [
      IDENTITY,
      rx(Math.PI),
      ry(Math.PI),
      rz(1.3),
      multiply(rz(0.4), rx(1e-9)),
      multiply(rx(Math.PI - 1e-9), rz(2.1)),
      multiply(ry(Math.PI), multiply(rz(0.3), rx(Math.PI))),
      ...Array.from({ length: 50 }, () => randomUnitary(rng)),
    ];
    for (const u of unitaries) {
      const { theta, phi, lambda } = splitRotation(u);
      const rebuilt = multiply(rz(lambda), theta === null ? IDENTITY : rotationXY(theta, phi));
      expect(distanceUpToPhase(u, rebuilt)).toBeLessThan(1e-13);
    }
  });

  it('RZ then a rotation is sent as one prx whose phase is shifted by −λ', () => {
    const lambda = 0.9;
    const theta = 1.1;
    const ops: QubitOp[] = [
      { type: 'u', qubit: 0, matrix: ry(Math.PI / 2) },
      { type: 'u', qubit: 1, matrix: ry(Math.PI / 2) },
      { type: 'u', qubit: 0, matrix: rz(lambda) },
      { type: 'cz', qubits: [0, 1] },
      { type: 'u', qubit: 0, matrix: rx(theta) },
    ];
    const instructions = emitNative(ops, ['A', 'B'], [0, 1]);
    expect(instructions.map((i) => i.name)).toEqual(['prx', 'prx', 'cz', 'prx', 'measure']);
    // RX(θ)·RZ(λ) = RZ(λ)·R_{−λ}(θ): the RZ moves past the cz and the rotation to the end, where it is dropped.
    expect(instructions[3].args).toEqual({
      angle_t: expect.closeTo(theta / (2 * Math.PI), 14),
      phase_t: expect.closeTo(1 - lambda / (2 * Math.PI), 14),
    });
    const probabilities = simulateNative({ name: 'vz', instructions }, ['A', 'B']);
    expect(largestDifference(probabilities, denseProbabilities(ops, 2))).toBeLessThan(1e-14);
  });

  it('random circuits of single-qubit gates and cz keep their measured distribution', () => {
    const rng = new Xoshiro128(12);
    for (let trial = 0; trial < 20; trial++) {
      const ops: QubitOp[] = [];
      for (let k = 0; k < 40; k++) {
        const q = Math.floor(rng.next() * 3);
        const kind = rng.next();
        if (kind < 0.3) ops.push({ type: 'cz', qubits: [q, (q + 1 + Math.floor(rng.next() * 2)) % 3] });
        else if (kind < 0.5) ops.push({ type: 'u', qubit: q, matrix: rz(6 * rng.next()) });
        else if (kind < 0.6) ops.push({ type: 'u', qubit: q, matrix: rx(Math.PI) });
        else ops.push({ type: 'u', qubit: q, matrix: randomUnitary(rng) });
      }
      const instructions = emitNative(ops, ['A', 'B', 'C'], [0, 1, 2]);
      // One prx at most between two cz on a qubit.
      const lastOnQubit = new Map<string, string>();
      for (const { name, qubits } of instructions) {
        for (const q of qubits) {
          if (name === 'prx') expect(lastOnQubit.get(q)).not.toBe('prx');
          lastOnQubit.set(q, name);
        }
      }
      const probabilities = simulateNative({ name: 'random', instructions }, ['A', 'B', 'C']);
      expect(largestDifference(probabilities, denseProbabilities(ops, 3))).toBeLessThan(1e-12);
    }
  });
});
