import { validationError } from '../protocol/errors.ts';
import { parseQasm, QasmError, type ParsedProgram } from '../qasm/parse.ts';
import type { StandInDevice } from './devices.ts';

/**
 * What Braket refuses at CreateQuantumTask for an OpenQASM action: a malformed action or program,
 * shots outside the device's shotsRange, more qubits than the device has, a gate it does not support,
 * and, in a verbatim box, anything but native gates on coupled physical qubits.
 */
export function checkProgram(device: StandInDevice, actionText: string, shots: number): ParsedProgram {
  let action: { braketSchemaHeader?: { name?: string }; source?: unknown };
  try {
    action = JSON.parse(actionText) as typeof action;
  } catch {
    throw validationError('action is not valid JSON');
  }
  if (action.braketSchemaHeader?.name !== 'braket.ir.openqasm.program' || typeof action.source !== 'string')
    throw validationError('the stand-in runs only braket.ir.openqasm.program actions with a source');
  const [minShots, maxShots] = device.shotsRange;
  if (shots < minShots || shots > maxShots)
    throw validationError(`Device ${device.arn} supports shots in [${minShots}, ${maxShots}], got ${shots}`);
  if (shots === 0) throw validationError('shots = 0 needs result types, which the stand-in does not compute');
  let program: ParsedProgram;
  try {
    program = parseQasm(action.source);
  } catch (error) {
    if (error instanceof QasmError) throw validationError(`OpenQASM: ${error.message}`);
    throw error;
  }
  const width = program.physical
    ? Math.max(0, ...program.qubits.map((q) => Number(q.slice(1)) + (device.type === 'QPU' ? 0 : 1)))
    : program.qubits.length;
  if (width > device.qubitCount)
    throw validationError(`program uses ${width} qubits; ${device.name} has ${device.qubitCount}`);
  for (const gate of program.gates) {
    if (!device.supportedOperations.includes(gate.name))
      throw validationError(`gate ${gate.name} is not supported by ${device.name}`);
  }
  if (device.type === 'QPU' && program.physical) checkPhysical(device, program);
  return program;
}

function checkPhysical(device: StandInDevice, program: ParsedProgram): void {
  const index = (q: string) => Number(q.slice(1));
  for (const q of program.qubits) {
    if (!device.qubits!.includes(index(q)))
      throw validationError(`qubit ${q} does not exist on ${device.name}`);
  }
  if (!program.verbatim) return;
  for (const gate of program.gates) {
    if (!device.nativeGateSet!.includes(gate.name))
      throw validationError(`verbatim box: ${gate.name} is not a native gate of ${device.name}`);
    if (gate.qubits.length === 2) {
      const [a, b] = gate.qubits.map(index);
      if (!device.couplers!.some(([x, y]) => (x === a && y === b) || (x === b && y === a)))
        throw validationError(`verbatim box: qubits ${a} and ${b} are not coupled on ${device.name}`);
    }
  }
}
