import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { entanglementPairs, spinRegisterPairs } from '../src/hivqe/ansatz/entanglement.ts';
import { epaCircuit } from '../src/hivqe/ansatz/epa.ts';
import { hardwareEfficientCircuit } from '../src/hivqe/ansatz/hardware-efficient.ts';
import { uccsdCircuit } from '../src/hivqe/ansatz/uccsd.ts';
import type { Circuit } from '../src/hivqe/circuit.ts';
import type { Entanglement } from '../src/hivqe/params.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { StateVector } from '../src/hivqe/statevector.ts';
import { DenseQubits } from './support/qubit-simulator.ts';

const space = { norb: 3, nalpha: 2, nbeta: 2 };
const qubits = 6;
const hf = 0b011 | (0b011 << 3);

function randomAngles(count: number, seed: number): Float64Array {
  const rng = new Xoshiro128(seed);
  return Float64Array.from({ length: count }, () => 2 * Math.PI * (rng.next() - 0.5));
}

async function simulate(circuit: Circuit, theta: Float64Array): Promise<StateVector> {
  const state = new StateVector(circuit.layout);
  await circuit.run(state, theta, new CancelPoint());
  return state;
}

/** Largest |amplitude difference| over the whole 2^n space (absent blocks count as zero amplitude). */
function difference(state: StateVector, dense: DenseQubits): number {
  let largest = 0;
  for (let index = 0; index < dense.re.length; index++) {
    const position = state.layout.position(index & 0b111, index >>> 3);
    const [re, im] = position < 0 ? [0, 0] : [state.re[position], state.im[position]];
    largest = Math.max(largest, Math.hypot(re - dense.re[index], im - dense.im[index]));
  }
  return largest;
}

describe('ansatz circuits against a textbook state-vector simulator', () => {
  it.each(['linear', 'circular', 'full', 'pairwise', 'no'] as Entanglement[])(
    'epa with %s entanglement is RZ layers and RXX·RYY blocks within each spin register',
    async (entanglement) => {
      const reps = 2;
      const circuit = epaCircuit(space, entanglement, reps);
      const theta = randomAngles(circuit.numParameters, 1);
      const dense = new DenseQubits(qubits, hf);
      let k = 0;
      for (let rep = 0; rep < reps; rep++) {
        for (let q = 0; q < qubits; q++) dense.rz(q, theta[k++]);
        for (const [a, b] of spinRegisterPairs(entanglement, space.norb)) dense.rxxRyy(a, b, theta[k++]);
      }
      for (let q = 0; q < qubits; q++) dense.rz(q, theta[k++]);
      expect(k).toBe(circuit.numParameters);
      expect(difference(await simulate(circuit, theta), dense)).toBeLessThan(1e-12);
    },
  );

  it.each(['linear', 'circular', 'full'] as Entanglement[])(
    'hardware_efficient with %s entanglement is RY, RZ layers and CX',
    async (entanglement) => {
      const reps = 2;
      const circuit = hardwareEfficientCircuit(space, entanglement, reps);
      const theta = randomAngles(circuit.numParameters, 2);
      const dense = new DenseQubits(qubits, hf);
      let k = 0;
      const rotations = () => {
        for (let q = 0; q < qubits; q++) dense.ry(q, theta[k++]);
        for (let q = 0; q < qubits; q++) dense.rz(q, theta[k++]);
      };
      for (let rep = 0; rep < reps; rep++) {
        rotations();
        for (const [control, target] of entanglementPairs(entanglement, qubits)) dense.cx(control, target);
      }
      rotations();
      expect(k).toBe(circuit.numParameters);
      expect(circuit.layout.size).toBe(2 ** qubits);
      expect(difference(await simulate(circuit, theta), dense)).toBeLessThan(1e-12);
    },
  );

  it.each(['linear', 'circular', 'full', 'pairwise'] as Entanglement[])(
    'epa with %s entanglement never pairs an alpha qubit with a beta qubit',
    (entanglement) => {
      const norb = 4;
      const pairs = spinRegisterPairs(entanglement, norb);
      expect(pairs.length).toBeGreaterThan(0);
      for (const [a, b] of pairs) expect(a < norb).toBe(b < norb);
    },
  );
});

describe('UCCSD', () => {
  it('is a unitary in the (nα, nβ) block that leaves Hartree–Fock at zero angles', async () => {
    const circuit = uccsdCircuit({ norb: 4, nalpha: 2, nbeta: 2 }, 2);
    // singles 2·(2·2) + same-spin doubles 2·1 + opposite-spin doubles 4·4, per repetition
    expect(circuit.numParameters).toBe(2 * (8 + 2 + 16));
    expect(circuit.layout.size).toBe(36);
    const still = await simulate(circuit, new Float64Array(circuit.numParameters));
    expect(still.re[still.layout.position(0b11, 0b11)]).toBe(1);
    const moved = await simulate(circuit, randomAngles(circuit.numParameters, 4));
    let norm = 0;
    for (let i = 0; i < moved.layout.size; i++) norm += moved.re[i] ** 2 + moved.im[i] ** 2;
    expect(norm).toBeCloseTo(1, 12);
    expect(Math.abs(moved.re[moved.layout.position(0b11, 0b11)])).toBeLessThan(0.99);
  });

  it('rotates |HF⟩ into cos θ|HF⟩ ± sin θ|excited⟩ with the fermionic sign of the excitation', async () => {
    // One alpha single 1 → 2 with the other electron in orbital 0: a†_2 a_1 passes no electron (+);
    // the opposite-spin double (α 1→3, β 0→2) picks up the sign of β 0→2 passing orbital 1 (−).
    const circuit = uccsdCircuit({ norb: 4, nalpha: 2, nbeta: 2 }, 1);
    const theta = new Float64Array(circuit.numParameters);
    const alphaSingle12 = 2; // singles α: (0,2), (0,3), (1,2), …
    theta[alphaSingle12] = 0.3;
    let state = await simulate(circuit, theta);
    expect(state.re[state.layout.position(0b0101, 0b11)]).toBeCloseTo(Math.sin(0.3), 12);
    expect(state.re[state.layout.position(0b11, 0b11)]).toBeCloseTo(Math.cos(0.3), 12);

    theta.fill(0);
    const firstOpposite = 8 + 2;
    const alphaMove13 = 3; // α singles in order (0,2), (0,3), (1,2), (1,3)
    const betaMove02 = 0;
    theta[firstOpposite + alphaMove13 * 4 + betaMove02] = 0.4;
    state = await simulate(circuit, theta);
    expect(state.re[state.layout.position(0b1001, 0b0110)]).toBeCloseTo(-Math.sin(0.4), 12);
  });
});
