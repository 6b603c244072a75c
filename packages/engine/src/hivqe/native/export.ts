import type { AnsatzProgram } from '../ansatz/gates.ts';
import { ansatzProgram, type AnsatzChoice } from '../ansatz/index.ts';
import type { ActiveSpace } from '../ansatz/space.ts';
import { DeviceGraph } from './device-graph.ts';
import { emitNative } from './emit.ts';
import { lowerAnsatz } from './lower.ts';
import { placeQubits } from './placement.ts';
import { route } from './route.ts';
import type { NativeCircuit, NativeDevice } from './types.ts';

/**
 * The ansatz at θ (the engine's parameter order) as a circuit for `device`: Hartree–Fock preparation,
 * the ansatz gates in prx and cz, routed onto coupled qubits, and a final `measure` of the 2·norb logical
 * qubits in logical order, so that character k of a measured bitstring is Jordan–Wigner qubit k (alpha
 * orbital k for k < norb, beta orbital k − norb after). Throws EngineInputError when the device is too
 * small or not connected enough (`placeQubits`).
 */
export function exportAnsatzCircuit(
  space: ActiveSpace,
  choice: AnsatzChoice,
  theta: ArrayLike<number>,
  device: NativeDevice,
  name: string,
): NativeCircuit {
  return exportProgram(ansatzProgram(space, choice), theta, device, name);
}

/** `exportAnsatzCircuit` for an ansatz already built as a gate list. */
export function exportProgram(
  program: AnsatzProgram,
  theta: ArrayLike<number>,
  device: NativeDevice,
  name: string,
): NativeCircuit {
  if (theta.length !== program.numParameters) {
    throw new Error(`the ansatz takes ${program.numParameters} parameters, not ${theta.length}`);
  }
  const graph = new DeviceGraph(device);
  const qubits = 2 * program.space.norb;
  const path = placeQubits(qubits, graph);
  // Logical qubits in the program's link order sit along the device path, linked ones on coupled qubits.
  const placement = new Array<number>(qubits);
  (program.path ?? path.map((_, k) => k)).forEach((logical, k) => (placement[logical] = path[k]));
  const routed = route(lowerAnsatz(program, theta), placement, graph);
  return { name, instructions: emitNative(routed.ops, graph.names, routed.final) };
}
