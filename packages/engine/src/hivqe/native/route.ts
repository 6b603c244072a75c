import type { DeviceGraph } from './device-graph.ts';
import { QubitOps, type QubitOp } from './qubit-ops.ts';

/**
 * Moves a logical circuit onto the device: logical qubit i starts on physical qubit placement[i]; a CZ
 * between qubits that are not coupled first SWAPs the first one along a shortest path until it sits
 * next to the second. Returns the physical circuit and where each logical qubit ends up (what the
 * final measurement must read, in logical order).
 */
export function route(
  ops: readonly QubitOp[],
  placement: readonly number[],
  graph: DeviceGraph,
): { ops: QubitOp[]; final: number[] } {
  const physicalOf = [...placement];
  // The logical qubit on each physical one (−1: a qubit in |0⟩ the circuit does not use).
  const logicalAt = new Int32Array(graph.size).fill(-1);
  physicalOf.forEach((p, i) => (logicalAt[p] = i));
  const out = new QubitOps();
  for (const op of ops) {
    if (op.type === 'u') {
      out.u(physicalOf[op.qubit], op.matrix);
      continue;
    }
    const [a, b] = op.qubits.map((q) => physicalOf[q]);
    const path = graph.path(a, b);
    for (let k = 0; k + 2 < path.length; k++) {
      const [from, to] = [path[k], path[k + 1]];
      out.swap(from, to);
      const [moved, displaced] = [logicalAt[from], logicalAt[to]];
      logicalAt[from] = displaced;
      logicalAt[to] = moved;
      physicalOf[moved] = to;
      if (displaced >= 0) physicalOf[displaced] = from;
    }
    out.cz(path[path.length - 2], b);
  }
  return { ops: out.ops, final: physicalOf };
}
