import type { SpinExcitation } from '../ansatz/gates.ts';
import type { QubitOps } from './qubit-ops.ts';
import { rx, ry, rz } from './unitary.ts';

/** A sum of Pauli strings: one letter (I, X, Y, Z) per qubit → complex coefficient [re, im]. */
type PauliSum = Map<string, [number, number]>;

/** Letter products σ_a·σ_b = i^k·σ_c, as [c, k], for a, b in 'IXYZ'. */
const PRODUCT: Record<string, [string, number]> = {
  II: ['I', 0],
  IX: ['X', 0],
  IY: ['Y', 0],
  IZ: ['Z', 0],
  XI: ['X', 0],
  XX: ['I', 0],
  XY: ['Z', 1],
  XZ: ['Y', 3],
  YI: ['Y', 0],
  YX: ['Z', 3],
  YY: ['I', 0],
  YZ: ['X', 1],
  ZI: ['Z', 0],
  ZX: ['Y', 1],
  ZY: ['X', 3],
  ZZ: ['I', 0],
};

function times(a: PauliSum, b: PauliSum): PauliSum {
  const out: PauliSum = new Map();
  for (const [pa, [ar, ai]] of a) {
    for (const [pb, [br, bi]] of b) {
      let letters = '';
      let power = 0;
      for (let q = 0; q < pa.length; q++) {
        const [letter, k] = PRODUCT[pa[q] + pb[q]];
        letters += letter;
        power += k;
      }
      // (a·b)·i^power
      let [re, im] = [ar * br - ai * bi, ar * bi + ai * br];
      for (let k = 0; k < power % 4; k++) [re, im] = [-im, re];
      const [sr, si] = out.get(letters) ?? [0, 0];
      out.set(letters, [sr + re, si + im]);
    }
  }
  return out;
}

/** Σ_k c_k·(letter on qubit q_k), as a sum of single-qubit strings on `qubits` qubits. */
function local(qubits: number, terms: Array<[qubit: number, letter: string, re: number, im: number]>) {
  const sum: PauliSum = new Map();
  for (const [qubit, letter, re, im] of terms) {
    sum.set('I'.repeat(qubit) + letter + 'I'.repeat(qubits - qubit - 1), [re, im]);
  }
  return sum;
}

/**
 * a†_p a_q under Jordan–Wigner on one spin block: σ⁺_p σ⁻_q and Z on every qubit strictly between, so
 * that it gives the sign (−1)^(electrons strictly between p and q), as `excitationSign` does.
 * σ⁺ = |1⟩⟨0| = (X − iY)/2, σ⁻ = |0⟩⟨1| = (X + iY)/2.
 */
function hop(qubits: number, offset: number, q: number, p: number): PauliSum {
  let op = times(
    local(qubits, [
      [offset + p, 'X', 0.5, 0],
      [offset + p, 'Y', 0, -0.5],
    ]),
    local(qubits, [
      [offset + q, 'X', 0.5, 0],
      [offset + q, 'Y', 0, 0.5],
    ]),
  );
  for (let k = Math.min(p, q) + 1; k < Math.max(p, q); k++) {
    op = times(op, local(qubits, [[offset + k, 'Z', 1, 0]]));
  }
  return op;
}

/** A Pauli string P and the real r in exp(θ(T − T†)) = Π exp(iθ·r·P). */
export interface PauliTerm {
  letters: string;
  coefficient: number;
}

/**
 * T − T† for the excitation T = (beta steps)·(alpha steps), each step a†_particle a_hole applied in
 * order on its spin block (beta qubits from norb), written as i·Σ r·P. The strings all flip the same
 * qubits and each has an odd number of Y (T − T† is anti-Hermitian and real), so any two differ in an
 * even number of places and commute: exp(θ(T − T†)) is exactly the product of their rotations.
 */
export function excitationTerms(
  norb: number,
  alpha: SpinExcitation | null,
  beta: SpinExcitation | null,
): PauliTerm[] {
  const qubits = 2 * norb;
  let t: PauliSum = new Map([['I'.repeat(qubits), [1, 0]]]);
  for (const [excitation, offset] of [
    [alpha, 0],
    [beta, norb],
  ] as const) {
    for (const [hole, particle] of excitation ?? []) t = times(hop(qubits, offset, hole, particle), t);
  }
  const terms: PauliTerm[] = [];
  for (const [letters, [, im]] of t) {
    // T − T† = Σ (c − c̄)·P = Σ 2i·Im(c)·P
    if (Math.abs(im) > 1e-12) terms.push({ letters, coefficient: 2 * im });
  }
  return terms;
}

/**
 * exp(−iφ/2·P): each qubit's letter turned into Z (X by RY(−π/2), Y by RX(π/2)), the parity gathered on
 * the last qubit by a CX ladder, RZ(φ) there, and everything undone.
 */
export function pauliRotation(ops: QubitOps, letters: string, phi: number): void {
  const support = [...letters].flatMap((letter, q) => (letter === 'I' ? [] : [q]));
  const toZ = (q: number, sign: number) => {
    if (letters[q] === 'X') ops.u(q, ry(-sign * (Math.PI / 2)));
    if (letters[q] === 'Y') ops.u(q, rx(sign * (Math.PI / 2)));
  };
  for (const q of support) toZ(q, 1);
  for (let k = 0; k + 1 < support.length; k++) ops.cx(support[k], support[k + 1]);
  ops.u(support[support.length - 1], rz(phi));
  for (let k = support.length - 2; k >= 0; k--) ops.cx(support[k], support[k + 1]);
  for (const q of support) toZ(q, -1);
}
