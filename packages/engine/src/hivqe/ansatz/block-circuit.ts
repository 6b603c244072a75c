import { Circuit, type Gate } from '../circuit.ts';
import { BlockLayout, StringTable } from '../layout.ts';
import { BlockGates } from './block-gates.ts';
import type { AnsatzProgram } from './gates.ts';
import { hartreeFock } from './space.ts';

/**
 * The block state-vector form of an ansatz: each gate becomes a block rotation, and each run of RZ gates
 * on distinct qubits one phase layer (a single pass over the state instead of one per qubit).
 */
export function blockCircuit(program: AnsatzProgram): Circuit {
  const { space } = program;
  const layout = new BlockLayout(new StringTable(space.norb), program.blockCounts);
  const gates = new BlockGates(layout);
  const circuit: Gate[] = [];
  let layer: Int32Array | null = null;
  for (const gate of program.gates) {
    if (gate.type === 'rz') {
      if (layer === null || layer[gate.qubit] >= 0) {
        layer = new Int32Array(2 * space.norb).fill(-1);
        circuit.push({ type: 'phase', parameters: layer });
      }
      layer[gate.qubit] = gate.parameter;
      continue;
    }
    layer = null;
    switch (gate.type) {
      case 'ry':
        circuit.push(gates.ry(gate.qubit, gate.parameter));
        break;
      case 'cx':
        circuit.push(gates.cx(gate.control, gate.target));
        break;
      case 'exchange':
        circuit.push(gates.exchange(gate.qubits[0], gate.qubits[1], gate.parameter));
        break;
      case 'excitation':
        circuit.push(gates.excitation(gate.alpha, gate.beta, gate.parameter));
        break;
    }
  }
  return new Circuit(layout, circuit, program.numParameters, hartreeFock(space));
}
