import {
  sampleNative,
  simulateNative,
  toOpenQasm3,
  type NativeCircuit,
  type NativeDevice,
  type NativeInstruction,
} from '@hivqe/engine';
import { describe, expect, it } from 'vitest';
import { parseQasm, QasmError, toNativeCircuit } from '../src/index.ts';
import { sampleCircuit, simulateCircuit } from '../src/qasm/simulate.ts';

/** What a quantum task samples from: the stand-in's own simulator. */
function probabilities(source: string): number[] {
  return [...simulateCircuit(toNativeCircuit(parseQasm(source), 't'))];
}

const oneQubit = (body: string) => `OPENQASM 3.0;\nqubit[1] q;\nbit[1] b;\n${body}\nb[0] = measure q[0];`;

describe('OpenQASM gates as native prx/cz', () => {
  const theta = 0.7321;

  it('rx(θ) and ry(θ) turn |0⟩ into a state with P(1) = sin²(θ/2)', () => {
    for (const gate of ['rx', 'ry']) {
      const [, p1] = probabilities(oneQubit(`${gate}(${theta}) q[0];`));
      expect(p1).toBeCloseTo(Math.sin(theta / 2) ** 2, 12);
    }
  });

  it('rz(θ) between two h gives P(0) = cos²(θ/2)', () => {
    const [p0] = probabilities(oneQubit(`h q[0];\nrz(${theta}) q[0];\nh q[0];`));
    expect(p0).toBeCloseTo(Math.cos(theta / 2) ** 2, 12);
  });

  it('rz is a rotation about z: rx(π/2); rz(θ); rx(−π/2) gives P(1) = sin²(θ/2)', () => {
    const [, p1] = probabilities(oneQubit(`rx(pi/2) q[0];\nrz(${theta}) q[0];\nrx(-pi/2) q[0];`));
    expect(p1).toBeCloseTo(Math.sin(theta / 2) ** 2, 12);
  });

  it('h gives an equal superposition; h·h and x·x are the identity; x flips', () => {
    expect(probabilities(oneQubit('h q[0];'))[0]).toBeCloseTo(0.5, 12);
    expect(probabilities(oneQubit('h q[0];\nh q[0];'))[0]).toBeCloseTo(1, 12);
    expect(probabilities(oneQubit('x q[0];'))[1]).toBeCloseTo(1, 12);
  });

  it('prx(θ, φ) in radians: prx(θ, π/2) acts as ry(θ); after h, prx(π, π/2) maps |+⟩ to |−⟩', () => {
    expect(probabilities(oneQubit(`prx(${theta}, pi/2) q[0];`))[1]).toBeCloseTo(Math.sin(theta / 2) ** 2, 12);
    expect(probabilities(oneQubit('h q[0];\nprx(pi, pi/2) q[0];\nh q[0];'))[1]).toBeCloseTo(1, 12);
  });

  it('h; cnot makes a Bell pair; cz between h gates acts as cnot', () => {
    const bell = probabilities(
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] b;\nh q[0];\ncnot q[0], q[1];\nb[0] = measure q[0];\nb[1] = measure q[1];',
    );
    expect(bell.map((p) => Number(p.toFixed(12)))).toEqual([0.5, 0, 0, 0.5]);
    const viaCz = probabilities('OPENQASM 3.0;\nqubit[2] q;\nx q[0];\nh q[1];\ncz q[0], q[1];\nh q[1];');
    expect(viaCz[3]).toBeCloseTo(1, 12);
  });

  it('orders outcomes by classical bit: b[0] = measure q[1] puts q[1] first', () => {
    const program = parseQasm(
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] b;\nx q[0];\nb[1] = measure q[0];\nb[0] = measure q[1];',
    );
    expect(program.measured).toEqual(['q[1]', 'q[0]']);
    expect([...simulateCircuit(toNativeCircuit(program, 't'))][2]).toBeCloseTo(1, 12);
  });

  it('reads physical qubits in a verbatim box', () => {
    const program = parseQasm(
      'OPENQASM 3.0;\nbit[2] b;\n#pragma braket verbatim\nbox {\n  prx(pi/2, 0) $1;\n  cz $1, $2;\n}\nb[0] = measure $1;\nb[1] = measure $2;',
    );
    expect(program).toMatchObject({
      physical: true,
      verbatim: true,
      qubits: ['$1', '$2'],
      measured: ['$1', '$2'],
    });
  });

  it('refuses what it does not understand', () => {
    expect(() => parseQasm('qubit[1] q;')).toThrow(QasmError);
    expect(() => parseQasm('OPENQASM 3.0;\nqubit[1] q;\nh q[1];')).toThrow(/out of range/);
    expect(() => parseQasm('OPENQASM 3.0;\nqubit[1] q;\nfor int i in [0:1] { h q[0]; }')).toThrow();
    expect(() => toNativeCircuit(parseQasm('OPENQASM 3.0;\nqubit[1] q;\nt q[0];'), 't')).toThrow(
      /simulates only/,
    );
  });
});

describe("the engine's OpenQASM exporter, read back", () => {
  it('gives the distribution of the native circuit it exported, for every target', () => {
    const device: NativeDevice = {
      qubits: ['1', '2', '4'],
      couplings: [
        ['1', '2'],
        ['1', '4'],
      ],
    };
    const angles = [0.13, 0.61, 0.27, 0.94, 0.42, 0.08, 0.77, 0.35];
    const circuit: NativeCircuit = {
      name: 'mixed',
      instructions: [
        { name: 'prx', qubits: ['1'], args: { angle_t: angles[0], phase_t: angles[1] } },
        { name: 'prx', qubits: ['2'], args: { angle_t: angles[2], phase_t: angles[3] } },
        { name: 'cz', qubits: ['1', '2'], args: {} },
        { name: 'prx', qubits: ['4'], args: { angle_t: angles[4], phase_t: angles[5] } },
        { name: 'cz', qubits: ['4', '1'], args: {} },
        { name: 'prx', qubits: ['1'], args: { angle_t: angles[6], phase_t: angles[7] } },
        { name: 'measure', qubits: ['4', '1', '2'], args: { key: 'm' } },
      ],
    };
    const expected = [...simulateNative(circuit, device.qubits)];
    for (const qubits of ['virtual', 'physical'] as const) {
      for (const gates of ['standard', 'native'] as const) {
        const { source } = toOpenQasm3(circuit, device, { qubits, gates });
        const actual = probabilities(source);
        actual.forEach((p, i) => expect(Math.abs(p - expected[i])).toBeLessThan(1e-10));
      }
    }
  });
});

describe("the stand-in's simulator against the engine's reference simulator", () => {
  // Qubits 0–4 joined by cz, 5–7 joined apart from them, 8 with prx only, 9 measured but never touched;
  // 4 is not measured and the measure lists the rest out of order.
  const qubits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
  const pairs: Array<[string, string]> = [
    ['0', '1'],
    ['1', '2'],
    ['5', '6'],
    ['2', '3'],
    ['6', '7'],
    ['3', '4'],
    ['4', '0'],
    ['7', '5'],
    ['1', '3'],
  ];
  // Fixed angles spread over the turn, no two alike.
  const angle = (k: number) => (k * 0.6180339887498949) % 1;
  const instructions: NativeInstruction[] = [];
  let k = 0;
  for (let layer = 0; layer < 3; layer++) {
    for (const qubit of qubits.slice(0, 9)) {
      instructions.push({ name: 'prx', qubits: [qubit], args: { angle_t: angle(++k), phase_t: angle(++k) } });
      if (qubit === '2')
        instructions.push({ name: 'prx', qubits: [qubit], args: { angle_t: angle(++k), phase_t: 0 } });
    }
    for (const [a, b] of pairs) instructions.push({ name: 'cz', qubits: [a, b], args: {} });
  }
  instructions.push({ name: 'prx', qubits: ['6'], args: { angle_t: 0.3, phase_t: 0.1 } });
  instructions.push({
    name: 'measure',
    qubits: ['7', '2', '9', '0', '5', '3', '8', '1', '6'],
    args: { key: 'm' },
  });
  const circuit: NativeCircuit = { name: 'groups', instructions };

  it('gives the same outcome probabilities for entangled groups, unmeasured and untouched qubits', () => {
    const expected = simulateNative(circuit, qubits);
    const actual = simulateCircuit(circuit);
    expect(actual).toHaveLength(expected.length);
    expected.forEach((p, i) => expect(Math.abs(actual[i] - p)).toBeLessThan(1e-14));
    // Qubit 9 (bit 2) is never touched: it always reads 0.
    expect(actual.filter((_, i) => i & 4).every((p) => p === 0)).toBe(true);
  });

  it("draws sampleNative's shots for the same seed", () => {
    for (const seed of [1, 2, 3])
      expect(sampleCircuit(circuit, 500, seed)).toEqual(sampleNative(circuit, qubits, 500, seed));
  });

  it('refuses a cz on one qubit and more entangled qubits than it simulates', () => {
    const cz = (a: string, b: string): NativeInstruction => ({ name: 'cz', qubits: [a, b], args: {} });
    const measure = (names: string[]): NativeInstruction => ({
      name: 'measure',
      qubits: names,
      args: { key: 'm' },
    });
    expect(() => simulateCircuit({ name: 'one', instructions: [cz('0', '0'), measure(['0'])] })).toThrow(
      /cz on one qubit/,
    );
    const wide = Array.from({ length: 25 }, (_, i) => String(i));
    const chain = wide.slice(1).map((qubit, i) => cz(wide[i], qubit));
    expect(() => simulateCircuit({ name: 'wide', instructions: [...chain, measure(['0'])] })).toThrow(
      /25 entangled qubits/,
    );
  });
});

describe('angle expressions', () => {
  it('evaluates arithmetic with pi and exponents, and refuses the rest as QasmError', () => {
    const [, p1] = probabilities(oneQubit('rx(-(pi/4)*2 + 1.5e-1 - .15) q[0];'));
    expect(p1).toBeCloseTo(Math.sin(Math.PI / 4) ** 2, 12);
    expect(() => parseQasm(oneQubit('rx(theta) q[0];'))).toThrow(QasmError);
    expect(() => parseQasm(oneQubit('rx((pi) q[0];'))).toThrow(QasmError);
  });
});
