import { Circuit, type Gate } from '../circuit.ts';
import { BlockLayout, StringTable } from '../layout.ts';
import type { Entanglement } from '../params.ts';
import { entanglementPairs } from './entanglement.ts';
import { QubitGates } from './qubit-gates.ts';
import { hartreeFock, type ActiveSpace } from './space.ts';

/**
 * The excitation-preserving ansatz (Qiskit's ExcitationPreserving, mode 'iswap'): `reps` times an RZ
 * layer and an exp(−iθ(XX+YY)/2) block on each entangled pair, then a final RZ layer. It conserves the
 * total electron number; when a pair straddles the alpha/beta boundary it can move an electron between
 * the spins, so the state lives in every (k, N − k) block.
 */
export function epaBlockCounts(space: ActiveSpace, entanglement: Entanglement): Array<[number, number]> {
  const { norb, nalpha, nbeta } = space;
  const crossesSpins = entanglementPairs(entanglement, 2 * norb).some(([a, b]) => a < norb !== b < norb);
  if (!crossesSpins) return [[nalpha, nbeta]];
  const total = nalpha + nbeta;
  const counts: Array<[number, number]> = [];
  for (let k = Math.max(0, total - norb); k <= Math.min(norb, total); k++) counts.push([k, total - k]);
  return counts;
}

export function epaCircuit(space: ActiveSpace, entanglement: Entanglement, reps: number): Circuit {
  const layout = new BlockLayout(new StringTable(space.norb), epaBlockCounts(space, entanglement));
  const gates = new QubitGates(layout);
  const pairs = entanglementPairs(entanglement, gates.qubits);
  const circuit: Gate[] = [];
  let parameter = 0;
  const phaseLayer = () =>
    circuit.push(gates.phaseLayer(Array.from({ length: gates.qubits }, () => parameter++)));
  for (let rep = 0; rep < reps; rep++) {
    phaseLayer();
    for (const [q1, q2] of pairs) circuit.push(gates.exchange(q1, q2, parameter++));
  }
  phaseLayer();
  return new Circuit(layout, circuit, parameter, hartreeFock(space));
}
