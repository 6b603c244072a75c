import type { NativeCircuit, NativeInstruction } from '@hivqe/engine';
import { QasmError, type GateCall, type ParsedProgram } from './parse.ts';

const TURN = 2 * Math.PI;

const prx = (qubit: string, angle_t: number, phase_t: number): NativeInstruction => ({
  name: 'prx',
  qubits: [qubit],
  args: { angle_t, phase_t },
});
const cz = (a: string, b: string): NativeInstruction => ({ name: 'cz', qubits: [a, b], args: {} });

/** h = X·Ry(π/2), up to a global phase. */
const hadamard = (q: string): NativeInstruction[] => [prx(q, 1 / 4, 1 / 4), prx(q, 1 / 2, 0)];

/**
 * Each gate as prx/cz (global phases dropped): rx(θ) = prx(θ, 0), ry(θ) = prx(θ, π/2),
 * rz(θ) = prx(π, θ/2)·prx(π, 0) (two π rotations about axes θ/2 apart), cnot = (I⊗h)·cz·(I⊗h).
 * Arities are checked here, gate names against the device's supportedOperations by the caller.
 */
const TRANSLATIONS: Record<
  string,
  { qubits: number; params: number; emit(g: GateCall): NativeInstruction[] }
> = {
  rx: { qubits: 1, params: 1, emit: ({ qubits: [q], params: [t] }) => [prx(q, t / TURN, 0)] },
  ry: { qubits: 1, params: 1, emit: ({ qubits: [q], params: [t] }) => [prx(q, t / TURN, 1 / 4)] },
  rz: {
    qubits: 1,
    params: 1,
    emit: ({ qubits: [q], params: [t] }) => [prx(q, 1 / 2, 0), prx(q, 1 / 2, t / (2 * TURN))],
  },
  h: { qubits: 1, params: 0, emit: ({ qubits: [q] }) => hadamard(q) },
  x: { qubits: 1, params: 0, emit: ({ qubits: [q] }) => [prx(q, 1 / 2, 0)] },
  prx: { qubits: 1, params: 2, emit: ({ qubits: [q], params: [t, p] }) => [prx(q, t / TURN, p / TURN)] },
  cz: { qubits: 2, params: 0, emit: ({ qubits: [a, b] }) => [cz(a, b)] },
  cnot: { qubits: 2, params: 0, emit: ({ qubits: [c, t] }) => [...hadamard(t), cz(c, t), ...hadamard(t)] },
};

export const SIMULATED_GATES: readonly string[] = Object.keys(TRANSLATIONS);

/** The program as a native circuit ending in one `measure` (of every qubit when the program measures none). */
export function toNativeCircuit(program: ParsedProgram, name: string): NativeCircuit {
  const instructions = program.gates.flatMap((gate) => {
    const translation = TRANSLATIONS[gate.name];
    if (!translation)
      throw new QasmError(`gate ${gate.name}: the stand-in simulates only ${SIMULATED_GATES.join(', ')}`);
    if (gate.qubits.length !== translation.qubits || gate.params.length !== translation.params) {
      throw new QasmError(
        `gate ${gate.name} takes ${translation.params} parameter(s) and ${translation.qubits} qubit(s)`,
      );
    }
    return translation.emit(gate);
  });
  const measured = program.measured.length > 0 ? program.measured : program.qubits;
  instructions.push({ name: 'measure', qubits: [...measured], args: { key: 'm' } });
  return { name, instructions };
}

/** Braket's index of a qubit name: `q[3]` → 3 within its register's declaration order, `$3` → 3. */
export function qubitIndex(program: ParsedProgram, qubit: string): number {
  return qubit.startsWith('$') ? Number(qubit.slice(1)) : program.qubits.indexOf(qubit);
}
