import type { Circuit } from '../circuit.ts';
import type { Entanglement } from '../params.ts';
import { blockCircuit } from './block-circuit.ts';
import { registerPath } from './chain.ts';
import { spinRegisterPairs } from './entanglement.ts';
import type { AnsatzGate, AnsatzProgram } from './gates.ts';
import type { ActiveSpace } from './space.ts';

/**
 * The excitation-preserving ansatz (Qiskit's ExcitationPreserving, mode 'iswap'): `reps` times an RZ
 * layer and an exp(−iθ(XX+YY)/2) block on each entangled pair, then a final RZ layer. The pattern is
 * laid within the alpha and within the beta register, so both spin counts are conserved and the state
 * lives in the (nα, nβ) block. The pairs follow the space's orbital chain (`chain.ts`).
 */
export function epaBlockCounts(space: ActiveSpace): Array<[number, number]> {
  return [[space.nalpha, space.nbeta]];
}

export function epaProgram(space: ActiveSpace, entanglement: Entanglement, reps: number): AnsatzProgram {
  const qubits = 2 * space.norb;
  const pairs = spinRegisterPairs(entanglement, space.norb, space.chain);
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
  return {
    space,
    gates,
    numParameters: parameter,
    blockCounts: epaBlockCounts(space),
    path: registerPath(space),
  };
}

export function epaCircuit(space: ActiveSpace, entanglement: Entanglement, reps: number): Circuit {
  return blockCircuit(epaProgram(space, entanglement, reps));
}
