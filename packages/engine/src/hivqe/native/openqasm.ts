import type { NativeCircuit, NativeDevice, NativeInstruction } from './types.ts';

export interface OpenQasmTarget {
  /** 'physical': device qubits as `$<n>` (Braket QPUs, inside a verbatim box when gates is 'native');
   *  'virtual': one register `qubit[<count>] q;` (Braket's simulators). */
  qubits: 'physical' | 'virtual';
  /** 'native': prx and cz as they are (a device whose supportedOperations include prx, e.g. IQM on Braket);
   *  'standard': rz, rx and cz (Braket's simulators SV1/DM1/TN1 and any gate-model device). */
  gates: 'native' | 'standard';
}

/**
 * A native circuit as an OpenQASM 3 program for Amazon Braket. Braket's `prx(θ, φ)` is
 * [[cos θ/2, −i·e^{−iφ}·sin θ/2], [−i·e^{iφ}·sin θ/2, cos θ/2]] = exp(−iθ/2·(cos φ·X + sin φ·Y))
 * (the PRx gate of amazon-braket-default-simulator-python, src/braket/default_simulator/gate_operations.py),
 * so IQM's prx in full turns is prx(2π·angle_t, 2π·phase_t). In standard gates the same rotation is
 * Rz(φ)·Rx(θ)·Rz(−φ) (Rz(φ) turns X into cos φ·X + sin φ·Y), applied right to left: rz(−φ), rx(θ),
 * rz(φ). The final measure goes into `bit[n] b` with b[k] the k-th measured qubit, so that a Braket
 * result's bitstring (b[0] first) reads like the engine's `Counts`.
 * Returns the program and, for each bit of `b`, the device qubit it measures. Throws when the circuit
 * does not end in its only measure, names a qubit not on the device, or (physical) the device's qubit
 * names are not Braket's integer indices.
 */
export function toOpenQasm3(
  circuit: NativeCircuit,
  device: NativeDevice,
  target: OpenQasmTarget,
): { source: string; measuredQubits: string[] } {
  const measure = circuit.instructions.at(-1);
  if (measure?.name !== 'measure' || circuit.instructions.some((i) => i.name === 'measure' && i !== measure))
    throw new Error(`circuit ${circuit.name}: expected one measure instruction, at the end`);
  const operand = qubitOperand(circuit.name, device, target);
  const gates = circuit.instructions.slice(0, -1).flatMap((i) => gateLines(i, operand, target.gates));
  const native = target.qubits === 'physical' && target.gates === 'native';
  const lines = [
    'OPENQASM 3.0;',
    `bit[${measure.qubits.length}] b;`,
    ...(target.qubits === 'virtual' ? [`qubit[${device.qubits.length}] q;`] : []),
    // Verbatim keeps Braket's compiler from rewriting the routed native gates.
    ...(native ? ['#pragma braket verbatim', 'box {', ...gates.map((line) => `  ${line}`), '}'] : gates),
    ...measure.qubits.map((qubit, k) => `b[${k}] = measure ${operand(qubit)};`),
  ];
  return { source: `${lines.join('\n')}\n`, measuredQubits: [...measure.qubits] };
}

/** How the program names a device qubit: `$<index>` (physical) or `q[<position on the device>]`. */
function qubitOperand(
  circuitName: string,
  device: NativeDevice,
  target: OpenQasmTarget,
): (qubit: string) => string {
  const position = new Map(device.qubits.map((qubit, k) => [qubit, k]));
  return (qubit) => {
    const k = position.get(qubit);
    if (k === undefined) throw new Error(`circuit ${circuitName}: qubit ${qubit} is not on the device`);
    if (target.qubits === 'virtual') return `q[${k}]`;
    if (!/^(0|[1-9][0-9]*)$/.test(qubit))
      throw new Error(`physical qubits must be Braket's integer indices; the device names one ${qubit}`);
    return `$${qubit}`;
  };
}

function gateLines(
  instruction: NativeInstruction,
  operand: (qubit: string) => string,
  gates: OpenQasmTarget['gates'],
): string[] {
  if (instruction.name === 'cz') return [`cz ${instruction.qubits.map(operand).join(', ')};`];
  if (instruction.name !== 'prx') return [];
  const qubit = operand(instruction.qubits[0]);
  const theta = 2 * Math.PI * instruction.args.angle_t;
  const phi = 2 * Math.PI * instruction.args.phase_t;
  if (gates === 'native') return [`prx(${real(theta)}, ${real(phi)}) ${qubit};`];
  return [`rz(${real(-phi)}) ${qubit};`, `rx(${real(theta)}) ${qubit};`, `rz(${real(phi)}) ${qubit};`];
}

/** 17 significant digits: the double comes back exactly when the program is parsed. */
function real(x: number): string {
  return x.toPrecision(17);
}
