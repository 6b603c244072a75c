import { describe, expect, it } from 'vitest';
import { ansatzProgram, type AnsatzChoice } from '../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../src/hivqe/ansatz/space.ts';
import { exportAnsatzCircuit } from '../src/hivqe/native/export.ts';
import { toOpenQasm3, type OpenQasmTarget } from '../src/hivqe/native/openqasm.ts';
import { simulateNative } from '../src/hivqe/native/simulate.ts';
import type { NativeCircuit, NativeDevice } from '../src/hivqe/native/types.ts';
import { largestDifference, randomAngles } from './support/native.ts';
import { independentProbabilities } from './support/openqasm-simulator.ts';

/** n qubits named as Braket numbers them ("0", "1", …), coupled as `pairs` gives. */
function braketDevice(n: number, pairs: (qubits: string[]) => Array<[string, string]>): NativeDevice {
  const qubits = Array.from({ length: n }, (_, i) => String(i));
  return { qubits, couplings: pairs(qubits) };
}
const line = (n: number) => braketDevice(n, (q) => q.slice(1).map((b, i): [string, string] => [q[i], b]));
const full = (n: number) =>
  braketDevice(n, (q) => q.flatMap((a, i) => q.slice(i + 1).map((b): [string, string] => [a, b])));

const h2: ActiveSpace = { norb: 2, nalpha: 1, nbeta: 1 };
const fourOrbitals: ActiveSpace = { norb: 4, nalpha: 2, nbeta: 2 };
const epa: AnsatzChoice = { ansatz: 'epa', entanglement: 'linear', reps: 1 };
const uccsd: AnsatzChoice = { ansatz: 'uccsd', entanglement: 'no', reps: 1 };
const cases: Array<[string, ActiveSpace, AnsatzChoice, NativeDevice]> = [
  ['H2-like uccsd, line', h2, uccsd, line(5)],
  ['H2-like epa, fully connected', h2, { ...epa, reps: 2 }, full(4)],
  ['4 orbitals epa, line', fourOrbitals, epa, line(8)],
  [
    '4 orbitals hardware_efficient, fully connected',
    fourOrbitals,
    { ...epa, ansatz: 'hardware_efficient' },
    full(8),
  ],
];
const targets: OpenQasmTarget[] = [
  { qubits: 'physical', gates: 'native' },
  { qubits: 'physical', gates: 'standard' },
  { qubits: 'virtual', gates: 'native' },
  { qubits: 'virtual', gates: 'standard' },
];

function ansatzCircuit(space: ActiveSpace, choice: AnsatzChoice, device: NativeDevice): NativeCircuit {
  const theta = randomAngles(ansatzProgram(space, choice).numParameters, 2 * space.norb + 1);
  return exportAnsatzCircuit(space, choice, theta, device, 'test');
}

describe('toOpenQasm3: an independent simulator (qasm-ts + quantum-circuit) agrees with simulateNative', () => {
  describe.each(cases)('%s', (_, space, choice, device) => {
    const circuit = ansatzCircuit(space, choice, device);
    const engine = simulateNative(circuit, device.qubits);
    it.each(targets)('$qubits qubits, $gates gates', (target) => {
      const { source, measuredQubits } = toOpenQasm3(circuit, device, target);
      expect(measuredQubits).toEqual(circuit.instructions.at(-1)!.qubits);
      expect(largestDifference(independentProbabilities(source), engine)).toBeLessThan(1e-10);
    });
  });
});

describe('toOpenQasm3 program text', () => {
  const device = line(3);
  const circuit: NativeCircuit = {
    name: 'small',
    instructions: [
      { name: 'prx', qubits: ['2'], args: { angle_t: 0.25, phase_t: 0.1 } },
      { name: 'cz', qubits: ['2', '1'], args: {} },
      { name: 'measure', qubits: ['2', '1'], args: { key: 'm' } },
    ],
  };

  it('physical native: prx and cz in a verbatim box, measured into b in measure order', () => {
    const { source, measuredQubits } = toOpenQasm3(circuit, device, { qubits: 'physical', gates: 'native' });
    expect(source).toBe(
      [
        'OPENQASM 3.0;',
        'bit[2] b;',
        '#pragma braket verbatim',
        'box {',
        `  prx(${(Math.PI / 2).toPrecision(17)}, ${(0.2 * Math.PI).toPrecision(17)}) $2;`,
        '  cz $2, $1;',
        '}',
        'b[0] = measure $2;',
        'b[1] = measure $1;',
        '',
      ].join('\n'),
    );
    expect(measuredQubits).toEqual(['2', '1']);
  });

  it('virtual standard: one register in device order, rz rx rz, no verbatim box', () => {
    const named = { qubits: ['A', 'B', 'C'], couplings: [] as Array<[string, string]> };
    const renamed: NativeCircuit = {
      name: 'renamed',
      instructions: circuit.instructions.map((i) => ({
        ...i,
        qubits: i.qubits.map((q) => named.qubits[Number(q)]),
      })) as NativeCircuit['instructions'],
    };
    const { source } = toOpenQasm3(renamed, named, { qubits: 'virtual', gates: 'standard' });
    expect(source.split('\n').slice(0, 7)).toEqual([
      'OPENQASM 3.0;',
      'bit[2] b;',
      'qubit[3] q;',
      `rz(${(-0.2 * Math.PI).toPrecision(17)}) q[2];`,
      `rx(${(Math.PI / 2).toPrecision(17)}) q[2];`,
      `rz(${(0.2 * Math.PI).toPrecision(17)}) q[2];`,
      'cz q[2], q[1];',
    ]);
  });

  it('refuses qubit names that are not Braket indices, qubits off the device, and a missing measure', () => {
    const named = { qubits: ['QB1', 'QB2', 'QB3'], couplings: [] as Array<[string, string]> };
    const onNamed: NativeCircuit = {
      name: 'named',
      instructions: [{ name: 'measure', qubits: ['QB1'], args: { key: 'm' } }],
    };
    expect(() => toOpenQasm3(onNamed, named, { qubits: 'physical', gates: 'native' })).toThrow(
      /integer indices/,
    );
    expect(() => toOpenQasm3(circuit, line(2), { qubits: 'virtual', gates: 'native' })).toThrow(
      /not on the device/,
    );
    const unmeasured = { name: 'open', instructions: circuit.instructions.slice(0, 2) };
    expect(() => toOpenQasm3(unmeasured, device, { qubits: 'virtual', gates: 'native' })).toThrow(/measure/);
  });
});
