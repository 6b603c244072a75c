import type { NativeCircuit, NativeInstruction } from '@hivqe/engine';

/**
 * A circuit as IQM Server reads it today (iqm-pulse's `Circuit` of `CircuitOperation`s, the shape IQM's
 * qiskit, cirq and QDMI clients send): each operation names its `locus` and leaves `implementation` to the
 * calibration (null). `prx` takes `angle` and `phase` in radians, iqm-pulse's parameters of the operation.
 */
export interface IqmWireCircuit {
  name: string;
  instructions: IqmWireOperation[];
}

export type IqmWireOperation =
  | { name: 'prx'; implementation: null; locus: [string]; args: { angle: number; phase: number } }
  | { name: 'cz'; implementation: null; locus: [string, string]; args: Record<string, never> }
  | { name: 'measure'; implementation: null; locus: string[]; args: { key: string } };

const TURN = 2 * Math.PI;

/**
 * The engine's circuits (full turns, `qubits`; shared with the Braket exporter, so not changed) in IQM's
 * current shape. prx(angle_t, phase_t) = exp(−iπ·angle_t·(cos 2π·phase_t X + sin 2π·phase_t Y)) is
 * iqm-pulse's prx(angle, phase) = exp(−i·angle/2·(cos phase X + sin phase Y)) with angle = 2π·angle_t and
 * phase = 2π·phase_t.
 */
export function toIqmCircuit({ name, instructions }: NativeCircuit): IqmWireCircuit {
  return { name, instructions: instructions.map(toIqmOperation) };
}

function toIqmOperation(instruction: NativeInstruction): IqmWireOperation {
  switch (instruction.name) {
    case 'prx':
      return {
        name: 'prx',
        implementation: null,
        locus: instruction.qubits,
        args: { angle: TURN * instruction.args.angle_t, phase: TURN * instruction.args.phase_t },
      };
    case 'cz':
      return { name: 'cz', implementation: null, locus: instruction.qubits, args: {} };
    case 'measure':
      return {
        name: 'measure',
        implementation: null,
        locus: instruction.qubits,
        args: { key: instruction.args.key },
      };
  }
}
