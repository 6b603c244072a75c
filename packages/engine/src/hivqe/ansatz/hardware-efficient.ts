import { Circuit, type Gate } from '../circuit.ts';
import { BlockLayout, StringTable } from '../layout.ts';
import type { Entanglement } from '../params.ts';
import { entanglementPairs } from './entanglement.ts';
import { QubitGates } from './qubit-gates.ts';
import { hartreeFock, type ActiveSpace } from './space.ts';

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

export function hardwareEfficientCircuit(
  space: ActiveSpace,
  entanglement: Entanglement,
  reps: number,
): Circuit {
  const layout = new BlockLayout(new StringTable(space.norb), hardwareEfficientBlockCounts(space));
  const gates = new QubitGates(layout);
  const qubits = Array.from({ length: gates.qubits }, (_, q) => q);
  const pairs = entanglementPairs(entanglement, gates.qubits);
  const circuit: Gate[] = [];
  let parameter = 0;
  const rotationLayer = () => {
    for (const q of qubits) circuit.push(gates.ry(q, parameter++));
    circuit.push(gates.phaseLayer(qubits.map(() => parameter++)));
  };
  for (let rep = 0; rep < reps; rep++) {
    rotationLayer();
    for (const [control, target] of pairs) circuit.push(gates.cx(control, target));
  }
  rotationLayer();
  return new Circuit(layout, circuit, parameter, hartreeFock(space));
}
