import { ry, type Unitary } from './unitary.ts';

/** A circuit in the device's gate set before naming qubits: single-qubit unitaries and CZ, on indices. */
export type QubitOp =
  { type: 'u'; qubit: number; matrix: Unitary } | { type: 'cz'; qubits: [number, number] };

/** Appends gates, with the two-qubit gates the ansätze and routing need written in CZ. */
export class QubitOps {
  readonly ops: QubitOp[] = [];

  u(qubit: number, matrix: Unitary): void {
    this.ops.push({ type: 'u', qubit, matrix });
  }

  cz(a: number, b: number): void {
    this.ops.push({ type: 'cz', qubits: [a, b] });
  }

  /**
   * CX: RY(−π/2) on the target, CZ, RY(π/2) on the target. Conjugated by RY(π/2), the Z that CZ applies
   * to the target where the control is 1 becomes an X.
   */
  cx(control: number, target: number): void {
    this.u(target, ry(-Math.PI / 2));
    this.cz(control, target);
    this.u(target, ry(Math.PI / 2));
  }

  swap(a: number, b: number): void {
    this.cx(a, b);
    this.cx(b, a);
    this.cx(a, b);
  }
}
