import type { NativeDevice } from './types.ts';

/** n qubits QB1 … QBn, each coupled to the next: the smallest device an ansatz fits on, and a stand-in one. */
export function lineDevice(n: number): NativeDevice {
  const qubits = Array.from({ length: n }, (_, i) => `QB${i + 1}`);
  return { qubits, couplings: qubits.slice(1).map((q, i): [string, string] => [qubits[i], q]) };
}
