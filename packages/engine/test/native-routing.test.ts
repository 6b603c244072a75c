import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../src/chem/errors.ts';
import { ansatzProgram, type AnsatzChoice } from '../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../src/hivqe/ansatz/space.ts';
import { DeviceGraph } from '../src/hivqe/native/device-graph.ts';
import { exportAnsatzCircuit } from '../src/hivqe/native/export.ts';
import { lineDevice } from '../src/hivqe/native/line-device.ts';
import { placeQubits } from '../src/hivqe/native/placement.ts';
import { simulateNative } from '../src/hivqe/native/simulate.ts';
import type { NativeCircuit, NativeDevice } from '../src/hivqe/native/types.ts';
import { engineProbabilities, gridDevice, largestDifference, randomAngles } from './support/native.ts';

const epa = (entanglement: AnsatzChoice['entanglement']): AnsatzChoice => ({
  ansatz: 'epa',
  entanglement,
  reps: 2,
});
const threeOrbitals: ActiveSpace = { norb: 3, nalpha: 1, nbeta: 1 };

function czCount(circuit: NativeCircuit): number {
  return circuit.instructions.filter((i) => i.name === 'cz').length;
}

function expectCoupledCz(circuit: NativeCircuit, device: NativeDevice): void {
  const coupled = new Set(device.couplings.flatMap(([a, b]) => [`${a} ${b}`, `${b} ${a}`]));
  for (const instruction of circuit.instructions) {
    if (instruction.name === 'cz') expect(coupled.has(instruction.qubits.join(' '))).toBe(true);
  }
}

describe('routing onto the device', () => {
  const cases: Array<[string, NativeDevice, ActiveSpace, AnsatzChoice]> = [
    ['epa circular on a line', lineDevice(6), threeOrbitals, epa('circular')],
    ['epa full on a longer line', lineDevice(9), { norb: 3, nalpha: 2, nbeta: 2 }, epa('full')],
    ['epa full on a 2×3 grid', gridDevice(2, 3), threeOrbitals, epa('full')],
    [
      'hardware_efficient full on a 2×3 grid',
      gridDevice(2, 3),
      threeOrbitals,
      { ansatz: 'hardware_efficient', entanglement: 'full', reps: 2 },
    ],
    [
      'uccsd on a 2×3 grid',
      gridDevice(2, 3),
      { norb: 3, nalpha: 2, nbeta: 2 },
      { ansatz: 'uccsd', entanglement: 'no', reps: 1 },
    ],
    [
      'uccsd on a 3×3 grid with spare qubits',
      gridDevice(3, 3),
      threeOrbitals,
      { ansatz: 'uccsd', entanglement: 'no', reps: 2 },
    ],
  ];

  it.each(cases)('%s: only coupled cz, same distribution as the engine', async (_, device, space, choice) => {
    const theta = randomAngles(ansatzProgram(space, choice).numParameters, 21);
    const circuit = exportAnsatzCircuit(space, choice, theta, device, 'routed');
    expectCoupledCz(circuit, device);
    const measured = circuit.instructions.at(-1)!;
    expect(measured.name).toBe('measure');
    expect(new Set(measured.qubits).size).toBe(2 * space.norb);
    const probabilities = simulateNative(circuit, device.qubits);
    expect(largestDifference(probabilities, await engineProbabilities(space, choice, theta))).toBeLessThan(
      1e-10,
    );
  });

  it('places the logical qubits along a path, so that linear entanglement needs no SWAP', () => {
    const choice = epa('linear');
    const theta = randomAngles(ansatzProgram(threeOrbitals, choice).numParameters, 22);
    // two cz per exchange block: 2 pairs in each spin register × 2 reps
    for (const device of [lineDevice(6), gridDevice(2, 3), gridDevice(3, 3)]) {
      expect(czCount(exportAnsatzCircuit(threeOrbitals, choice, theta, device, 'path'))).toBe(16);
    }
    const graph = new DeviceGraph(gridDevice(3, 3));
    const path = placeQubits(9, graph);
    expect(new Set(path).size).toBe(9);
    for (let i = 0; i + 1 < path.length; i++) expect(graph.coupled(path[i], path[i + 1])).toBe(true);
  });

  it('falls back to a connected cluster when the device has no path of the needed length', () => {
    const star: NativeDevice = {
      qubits: ['hub', 'a', 'b', 'c', 'd'],
      couplings: [
        ['hub', 'a'],
        ['hub', 'b'],
        ['hub', 'c'],
        ['hub', 'd'],
      ],
    };
    const choice = epa('circular');
    const space = { norb: 2, nalpha: 1, nbeta: 1 };
    const theta = randomAngles(ansatzProgram(space, choice).numParameters, 23);
    const circuit = exportAnsatzCircuit(space, choice, theta, star, 'star');
    expectCoupledCz(circuit, star);
    expect(new DeviceGraph(star).names[placeQubits(4, new DeviceGraph(star))[0]]).toBe('hub');
  });

  it('refuses a device with too few qubits, or too few connected ones, naming its size', () => {
    const theta = randomAngles(ansatzProgram(threeOrbitals, epa('linear')).numParameters, 24);
    const tooSmall = () => exportAnsatzCircuit(threeOrbitals, epa('linear'), theta, lineDevice(5), 'x');
    expect(tooSmall).toThrow(EngineInputError);
    expect(tooSmall).toThrow('the circuit needs 6 qubits but the quantum computer has 5');
    const split: NativeDevice = {
      qubits: [...lineDevice(4).qubits, 'X1', 'X2', 'X3', 'X4'],
      couplings: [...lineDevice(4).couplings, ['X1', 'X2'], ['X2', 'X3'], ['X3', 'X4']],
    };
    expect(() => exportAnsatzCircuit(threeOrbitals, epa('linear'), theta, split, 'x')).toThrow(
      'the circuit needs 6 connected qubits but the quantum computer has 8 qubits, at most 4 of them connected to each other',
    );
  });
});
