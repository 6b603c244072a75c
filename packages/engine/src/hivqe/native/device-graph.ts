import type { NativeDevice } from './types.ts';

/** A device's coupling map as a graph on qubit indices (positions in `device.qubits`). */
export class DeviceGraph {
  readonly names: readonly string[];
  readonly neighbours: number[][];
  private readonly edges = new Set<number>();

  constructor(device: NativeDevice) {
    this.names = device.qubits;
    const index = new Map(device.qubits.map((name, i) => [name, i]));
    if (index.size !== device.qubits.length) throw new Error('the device lists a qubit twice');
    this.neighbours = device.qubits.map(() => []);
    for (const [a, b] of device.couplings) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined)
        throw new Error(`the coupling ${a}–${b} names an unknown qubit`);
      if (i === j || this.coupled(i, j)) continue;
      this.edges.add(this.key(i, j));
      this.neighbours[i].push(j);
      this.neighbours[j].push(i);
    }
  }

  get size(): number {
    return this.names.length;
  }

  coupled(i: number, j: number): boolean {
    return this.edges.has(this.key(i, j));
  }

  /** Breadth-first distances from `start`, and each reached qubit's predecessor on a shortest path. */
  search(start: number): { order: number[]; previous: Int32Array } {
    const previous = new Int32Array(this.size).fill(-1);
    const order = [start];
    previous[start] = start;
    for (let k = 0; k < order.length; k++) {
      for (const next of this.neighbours[order[k]]) {
        if (previous[next] >= 0) continue;
        previous[next] = order[k];
        order.push(next);
      }
    }
    return { order, previous };
  }

  /** A shortest path from i to j, both included (j must be reachable). */
  path(i: number, j: number): number[] {
    const { previous } = this.search(j);
    const path = [i];
    while (path[path.length - 1] !== j) path.push(previous[path[path.length - 1]]);
    return path;
  }

  private key(i: number, j: number): number {
    return Math.min(i, j) * this.size + Math.max(i, j);
  }
}
