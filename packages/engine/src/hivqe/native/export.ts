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
  const routed = route(lowerAnsatz(program, theta), placeQubits(2 * program.space.norb, graph), graph);
  return { name, instructions: emitNative(routed.ops, graph.names, routed.final) };
}
