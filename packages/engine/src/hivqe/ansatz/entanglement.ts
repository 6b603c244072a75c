import { energyOrder } from './chain.ts';
import type { Entanglement } from '../params.ts';

/**
 * The qubit pairs an entangling layer acts on, in the order applied (Qiskit's meanings of the names):
 * linear (i, i+1); circular, linear closed by (n−1, 0); full, every pair; pairwise, the even pairs
 * (0,1), (2,3), … then the odd ones (1,2), (3,4), …; no, none.
 */
export function entanglementPairs(kind: Entanglement, qubits: number): Array<[number, number]> {
  const linear = Array.from({ length: Math.max(qubits - 1, 0) }, (_, i): [number, number] => [i, i + 1]);
  switch (kind) {
    case 'linear':
      return linear;
    case 'circular':
      return qubits > 2 ? [...linear, [qubits - 1, 0]] : linear;
    case 'full':
      return linear.length === 0
        ? []
        : Array.from({ length: qubits }, (_, i) =>
            Array.from({ length: qubits - i - 1 }, (_, k): [number, number] => [i, i + k + 1]),
          ).flat();
    case 'pairwise':
      return [...linear.filter(([i]) => i % 2 === 0), ...linear.filter(([i]) => i % 2 === 1)];
    case 'no':
      return [];
  }
}

/**
 * The pattern applied within the alpha register (qubits 0 … norb−1) and, the same, within the beta
 * register (norb … 2·norb−1), its positions taken along `chain` (position k is orbital chain[k]). For
 * an ansatz meant to conserve particle numbers a pair across the registers would move electrons between
 * the spins, and every shot it spoiled would be repaired or lost.
 */
export function spinRegisterPairs(
  kind: Entanglement,
  norb: number,
  chain: readonly number[] = energyOrder(norb),
): Array<[number, number]> {
  const alpha = entanglementPairs(kind, norb).map(([a, b]): [number, number] => [chain[a], chain[b]]);
  return [...alpha, ...alpha.map(([a, b]): [number, number] => [a + norb, b + norb])];
}
