import type { AnsatzGate, AnsatzProgram } from '../ansatz/gates.ts';
import { hartreeFock } from '../ansatz/space.ts';
import { excitationTerms, pauliRotation } from './pauli.ts';
import { QubitOps, type QubitOp } from './qubit-ops.ts';
import { rx, ry, rz } from './unitary.ts';

/**
 * The ansatz at θ as single-qubit unitaries and CZ on the logical qubits (the Jordan–Wigner register):
 * X on the Hartree–Fock qubits, then each gate of the program.
 */
export function lowerAnsatz(program: AnsatzProgram, theta: ArrayLike<number>): QubitOp[] {
  const { norb } = program.space;
  const ops = new QubitOps();
  const [alpha, beta] = hartreeFock(program.space);
  for (let q = 0; q < 2 * norb; q++) {
    if (((q < norb ? alpha : beta) >>> (q % norb)) & 1) ops.u(q, rx(Math.PI));
  }
  for (const gate of program.gates) lowerGate(ops, gate, theta, norb);
  return ops.ops;
}

function lowerGate(ops: QubitOps, gate: AnsatzGate, theta: ArrayLike<number>, norb: number): void {
  switch (gate.type) {
    case 'rz':
      return ops.u(gate.qubit, rz(theta[gate.parameter]));
    case 'ry':
      return ops.u(gate.qubit, ry(theta[gate.parameter]));
    case 'cx':
      return ops.cx(gate.control, gate.target);
    case 'exchange': {
      // C = CX(a, b)·RX_a(π/2) maps X_aX_b to X_a and Y_aY_b to Y_b, so
      // exp(−iθ(XX + YY)/2) = C†·RX_a(θ)·RY_b(θ)·C: two CZ.
      const [a, b] = gate.qubits;
      const angle = theta[gate.parameter];
      ops.u(a, rx(Math.PI / 2));
      ops.cx(a, b);
      ops.u(a, rx(angle));
      ops.u(b, ry(angle));
      ops.cx(a, b);
      ops.u(a, rx(-Math.PI / 2));
      return;
    }
    case 'excitation': {
      // exp(θ·i·r·P) = exp(−i(−2θr)/2·P)
      const angle = theta[gate.parameter];
      for (const { letters, coefficient } of excitationTerms(norb, gate.alpha, gate.beta)) {
        pauliRotation(ops, letters, -2 * angle * coefficient);
      }
      return;
    }
  }
}
