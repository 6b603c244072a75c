import type { Circuit } from '../circuit.ts';
import type { Entanglement } from '../params.ts';
import { blockCircuit } from './block-circuit.ts';
import { entanglementPairs } from './entanglement.ts';
import type { AnsatzGate, AnsatzProgram } from './gates.ts';
import type { ActiveSpace } from './space.ts';

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

export function epaProgram(space: ActiveSpace, entanglement: Entanglement, reps: number): AnsatzProgram {
  const qubits = 2 * space.norb;
  const pairs = entanglementPairs(entanglement, qubits);
  const gates: AnsatzGate[] = [];
  let parameter = 0;
  const rzLayer = () => {
    for (let qubit = 0; qubit < qubits; qubit++) gates.push({ type: 'rz', qubit, parameter: parameter++ });
  };
  for (let rep = 0; rep < reps; rep++) {
    rzLayer();
    for (const pair of pairs) gates.push({ type: 'exchange', qubits: pair, parameter: parameter++ });
  }
  rzLayer();
  return { space, gates, numParameters: parameter, blockCounts: epaBlockCounts(space, entanglement) };
}

export function epaCircuit(space: ActiveSpace, entanglement: Entanglement, reps: number): Circuit {
  return blockCircuit(epaProgram(space, entanglement, reps));
}
