import type { QubitOp } from './qubit-ops.ts';
import type { NativeInstruction } from './types.ts';
import { IDENTITY, multiply, rz, splitRotation, type Unitary } from './unitary.ts';

/**
 * Native instructions for a physical circuit, ending with one measurement of `measured` (in that order).
 * The single-qubit gates between two CZ on a qubit are multiplied into one unitary and sent as a single
 * prx; what is left of it is a Z rotation, which commutes with CZ and with the measurement, so it is
 * never sent (virtual Z): it stays in the qubit's pending unitary, where it shifts the phase of the next
 * prx, and is dropped at the end.
 */
export function emitNative(
  ops: readonly QubitOp[],
  names: readonly string[],
  measured: readonly number[],
): NativeInstruction[] {
  const pending: Unitary[] = names.map(() => IDENTITY);
  const out: NativeInstruction[] = [];
  const flush = (q: number) => {
    const { theta, phi, lambda } = splitRotation(pending[q]);
    if (theta !== null) {
      out.push({
        name: 'prx',
        qubits: [names[q]],
        args: { angle_t: theta / (2 * Math.PI), phase_t: turns(phi) },
      });
    }
    pending[q] = rz(lambda);
  };
  for (const op of ops) {
    if (op.type === 'u') {
      pending[op.qubit] = multiply(op.matrix, pending[op.qubit]);
      continue;
    }
    const [a, b] = op.qubits;
    flush(a);
    flush(b);
    out.push({ name: 'cz', qubits: [names[a], names[b]], args: {} });
  }
  measured.forEach(flush);
  out.push({ name: 'measure', qubits: measured.map((q) => names[q]), args: { key: 'm' } });
  return out;
}

/** An angle in radians as a fraction of a turn in [0, 1). */
function turns(angle: number): number {
  const t = angle / (2 * Math.PI);
  const fraction = t - Math.floor(t);
  // A tiny negative t rounds up to exactly 1.
  return fraction === 1 ? 0 : fraction;
}
