import { EngineInputError } from '../../chem/errors.ts';
import type { DeviceGraph } from './device-graph.ts';

/** Steps the path search may take before settling for a breadth-first cluster. */
const PATH_SEARCH_BUDGET = 100_000;

/**
 * Where logical qubits 0 … n−1 start on the device (physical indices). The ansätze entangle mostly
 * neighbours in the Jordan–Wigner order (linear pairs, excitations' Z strings), so the best start is a
 * path through the coupling graph: logical i and i+1 coupled. It is searched depth-first, trying first
 * the neighbour with the fewest free neighbours (Warnsdorff's rule, which rarely needs to back off),
 * from each qubit in turn, fewest couplings first. When no path is found within the budget (a
 * star-like device), the n qubits nearest to the best-connected qubit, in breadth-first order, are used.
 * Refuses when the device has fewer than n qubits, or fewer than n connected to each other.
 */
export function placeQubits(n: number, graph: DeviceGraph): number[] {
  if (n > graph.size) {
    throw new EngineInputError(`the circuit needs ${n} qubits but the quantum computer has ${graph.size}`);
  }
  const all = connectedComponents(graph);
  const components = all.filter((c) => c.length >= n);
  if (components.length === 0) {
    const largest = Math.max(0, ...all.map((c) => c.length));
    throw new EngineInputError(
      `the circuit needs ${n} connected qubits but the quantum computer has ${graph.size} qubits, ` +
        `at most ${largest} of them connected to each other`,
    );
  }
  const starts = components.flat().sort((a, b) => graph.neighbours[a].length - graph.neighbours[b].length);
  const budget = { steps: PATH_SEARCH_BUDGET };
  for (const start of starts) {
    const path = findPath(graph, n, [start], new Set([start]), budget);
    if (path !== null) return path;
    if (budget.steps <= 0) break;
  }
  const hub = starts[starts.length - 1];
  return graph.search(hub).order.slice(0, n);
}

function findPath(
  graph: DeviceGraph,
  n: number,
  path: number[],
  used: Set<number>,
  budget: { steps: number },
): number[] | null {
  if (path.length === n) return path;
  if (--budget.steps <= 0) return null;
  const free = (q: number) => graph.neighbours[q].filter((r) => !used.has(r));
  const next = free(path[path.length - 1]).sort((a, b) => free(a).length - free(b).length);
  for (const q of next) {
    path.push(q);
    used.add(q);
    if (findPath(graph, n, path, used, budget) !== null) return path;
    path.pop();
    used.delete(q);
    if (budget.steps <= 0) return null;
  }
  return null;
}

function connectedComponents(graph: DeviceGraph): number[][] {
  const seen = new Set<number>();
  const components: number[][] = [];
  for (let q = 0; q < graph.size; q++) {
    if (seen.has(q)) continue;
    const { order } = graph.search(q);
    for (const r of order) seen.add(r);
    components.push(order);
  }
  return components;
}
