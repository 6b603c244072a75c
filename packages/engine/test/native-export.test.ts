import { describe, expect, it } from 'vitest';
import { ansatzProgram, type AnsatzChoice } from '../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../src/hivqe/ansatz/space.ts';
import { exportAnsatzCircuit } from '../src/hivqe/native/export.ts';
import { simulateNative } from '../src/hivqe/native/simulate.ts';
import { popcount } from '../src/ci/strings.ts';
import { engineProbabilities, fullDevice, largestDifference, randomAngles } from './support/native.ts';

const cases: Array<[string, ActiveSpace, AnsatzChoice]> = [
  ['epa linear', { norb: 3, nalpha: 1, nbeta: 1 }, { ansatz: 'epa', entanglement: 'linear', reps: 2 }],
  ['epa full', { norb: 3, nalpha: 2, nbeta: 2 }, { ansatz: 'epa', entanglement: 'full', reps: 2 }],
  ['epa circular', { norb: 4, nalpha: 2, nbeta: 2 }, { ansatz: 'epa', entanglement: 'circular', reps: 2 }],
  ['epa pairwise', { norb: 2, nalpha: 1, nbeta: 1 }, { ansatz: 'epa', entanglement: 'pairwise', reps: 3 }],
  [
    'hardware_efficient linear',
    { norb: 2, nalpha: 1, nbeta: 1 },
    { ansatz: 'hardware_efficient', entanglement: 'linear', reps: 2 },
  ],
  [
    'hardware_efficient circular',
    { norb: 3, nalpha: 1, nbeta: 1 },
    { ansatz: 'hardware_efficient', entanglement: 'circular', reps: 2 },
  ],
  [
    'hardware_efficient full',
    { norb: 3, nalpha: 2, nbeta: 2 },
    { ansatz: 'hardware_efficient', entanglement: 'full', reps: 1 },
  ],
  ['uccsd (2o, 2e)', { norb: 2, nalpha: 1, nbeta: 1 }, { ansatz: 'uccsd', entanglement: 'no', reps: 1 }],
  ['uccsd (4o, 4e)', { norb: 4, nalpha: 2, nbeta: 2 }, { ansatz: 'uccsd', entanglement: 'no', reps: 1 }],
  [
    'uccsd (4o, 2e), 2 reps',
    { norb: 4, nalpha: 1, nbeta: 1 },
    { ansatz: 'uccsd', entanglement: 'no', reps: 2 },
  ],
];

describe('exported ansatz circuits reproduce the engine state', () => {
  it.each(cases)('%s', async (_, space, choice) => {
    const qubits = 2 * space.norb;
    const device = fullDevice(qubits);
    const theta = randomAngles(ansatzProgram(space, choice).numParameters, qubits);
    const circuit = exportAnsatzCircuit(space, choice, theta, device, 'test');
    const exported = simulateNative(circuit, device.qubits);
    const engine = await engineProbabilities(space, choice, theta);
    expect(largestDifference(exported, engine)).toBeLessThan(1e-10);
  });
});

describe('the epa layout conserves both spin counts', () => {
  it.each(['linear', 'circular', 'full', 'pairwise'] as const)(
    'every outcome of an exact simulation of epa %s has nα alpha and nβ beta electrons',
    (entanglement) => {
      const space = { norb: 4, nalpha: 2, nbeta: 2 };
      const choice: AnsatzChoice = { ansatz: 'epa', entanglement, reps: 2 };
      const device = fullDevice(8);
      const theta = randomAngles(ansatzProgram(space, choice).numParameters, 5);
      const probabilities = simulateNative(
        exportAnsatzCircuit(space, choice, theta, device, 't'),
        device.qubits,
      );
      let wrong = 0;
      probabilities.forEach((p, outcome) => {
        if (popcount(outcome & 0b1111) !== 2 || popcount(outcome >>> 4) !== 2) wrong += p;
      });
      expect(wrong).toBeLessThan(1e-12);
      // and the random circuit does leave Hartree–Fock, so the check is not vacuous
      expect(probabilities[0b0011_0011]).toBeLessThan(0.99);
    },
  );
});
