import type { ActiveSpaceHamiltonian } from '../../src/types.ts';

/**
 * The Hamiltonian matrix over given determinants, built the slow and obvious way: second-quantised
 * operators applied to spin-orbital occupation numbers (alpha orbital p = bit p, beta orbital p =
 * bit norb + p, Jordan–Wigner signs). An independent check of the engine's string-driven sigma.
 * Needs 2·norb ≤ 30.
 */
export function denseHamiltonian(
  ham: ActiveSpaceHamiltonian,
  determinants: ReadonlyArray<readonly [number, number]>,
): Float64Array {
  const n = ham.norb;
  const position = new Map(determinants.map(([a, b], i) => [a | (b << n), i]));
  const size = determinants.length;
  const matrix = new Float64Array(size * size);
  const add = (column: number, state: Term | null, value: number) => {
    if (state === null || value === 0) return;
    const row = position.get(state.occupation);
    if (row !== undefined) matrix[row * size + column] += state.sign * value;
  };
  const modes = (occupation: number, spin: number) =>
    Array.from({ length: n }, (_, p) => p + spin * n).filter((mode) => (occupation >>> mode) & 1);
  determinants.forEach(([a, b], column) => {
    const start: Term = { occupation: a | (b << n), sign: 1 };
    for (let s1 = 0; s1 < 2; s1++) {
      for (const q of modes(start.occupation, s1)) {
        for (let p = 0; p < n; p++) {
          add(column, apply(start, [p + s1 * n, true], [q, false]), ham.h1[p * n + (q - s1 * n)]);
        }
        for (let s2 = 0; s2 < 2; s2++) {
          for (const s of modes(start.occupation, s2)) {
            for (let p = 0; p < n; p++) {
              for (let r = 0; r < n; r++) {
                const value = 0.5 * ham.eri[((p * n + (q - s1 * n)) * n + r) * n + (s - s2 * n)];
                add(
                  column,
                  apply(start, [p + s1 * n, true], [r + s2 * n, true], [s, false], [q, false]),
                  value,
                );
              }
            }
          }
        }
      }
    }
  });
  return matrix;
}

interface Term {
  occupation: number;
  sign: number;
}

/** Applies a product of creation (true) / annihilation (false) operators, rightmost first. */
function apply(state: Term, ...ops: Array<[mode: number, create: boolean]>): Term | null {
  let { occupation, sign } = state;
  for (let k = ops.length - 1; k >= 0; k--) {
    const [mode, create] = ops[k];
    const occupied = ((occupation >>> mode) & 1) === 1;
    if (occupied === create) return null;
    let below = 0;
    for (let m = 0; m < mode; m++) below += (occupation >>> m) & 1;
    if (below % 2 === 1) sign = -sign;
    occupation ^= 1 << mode;
  }
  return { occupation, sign };
}
