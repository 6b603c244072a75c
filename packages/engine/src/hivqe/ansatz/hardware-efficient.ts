import type { Circuit } from '../circuit.ts';
import type { Entanglement } from '../params.ts';
import { blockCircuit } from './block-circuit.ts';
import { entanglementPairs } from './entanglement.ts';
import type { AnsatzGate, AnsatzProgram } from './gates.ts';
import type { ActiveSpace } from './space.ts';

/**
 * The hardware-efficient ansatz (Qiskit's EfficientSU2 with RY and RZ): `reps` times a layer of RY then
 * RZ on every qubit and a CX on each entangled pair, then a final rotation layer. It conserves nothing,
 * so the state needs every block of the 2^(2·norb) space.
 */
export function hardwareEfficientBlockCounts(space: ActiveSpace): Array<[number, number]> {
  const counts: Array<[number, number]> = [];
  for (let ka = 0; ka <= space.norb; ka++) for (let kb = 0; kb <= space.norb; kb++) counts.push([ka, kb]);
  return counts;
}

export function hardwareEfficientProgram(
  space: ActiveSpace,
  entanglement: Entanglement,
  reps: number,
): AnsatzProgram {
  const qubits = 2 * space.norb;
  const pairs = entanglementPairs(entanglement, qubits);
  const gates: AnsatzGate[] = [];
  let parameter = 0;
  const rotationLayer = () => {
    for (let qubit = 0; qubit < qubits; qubit++) gates.push({ type: 'ry', qubit, parameter: parameter++ });
    for (let qubit = 0; qubit < qubits; qubit++) gates.push({ type: 'rz', qubit, parameter: parameter++ });
  };
  for (let rep = 0; rep < reps; rep++) {
    rotationLayer();
    for (const [control, target] of pairs) gates.push({ type: 'cx', control, target });
  }
  rotationLayer();
  return { space, gates, numParameters: parameter, blockCounts: hardwareEfficientBlockCounts(space) };
}

export function hardwareEfficientCircuit(
  space: ActiveSpace,
  entanglement: Entanglement,
  reps: number,
): Circuit {
  return blockCircuit(hardwareEfficientProgram(space, entanglement, reps));
}
