import { solveLinearSystem } from '../../linalg/solve.ts';

/**
 * Pulay's DIIS: the Fock matrix is replaced by the combination of recent ones whose error vectors
 * (orthogonal-basis commutators FDS − SDF) combine to the smallest norm, subject to Σc = 1.
 */
export class Diis {
  private readonly focks: Float64Array[] = [];
  private readonly errors: Float64Array[] = [];

  constructor(private readonly capacity = 8) {}

  extrapolate(fock: Float64Array, error: Float64Array): Float64Array {
    this.focks.push(fock);
    this.errors.push(error);
    if (this.focks.length > this.capacity) this.drop();
    for (;;) {
      const m = this.focks.length;
      if (m === 1) return fock;
      const weights = this.weights(m);
      if (weights !== null) {
        const result = new Float64Array(fock.length);
        for (let i = 0; i < m; i++) {
          const f = this.focks[i];
          for (let k = 0; k < result.length; k++) result[k] += weights[i] * f[k];
        }
        return result;
      }
      // Nearly parallel error vectors make the system singular; the oldest is the least useful.
      this.drop();
    }
  }

  private drop(): void {
    this.focks.shift();
    this.errors.shift();
  }

  /** Solves [B 1; 1ᵀ 0][c; λ] = [0; 1], with B scaled so its largest diagonal is 1 (errors shrink to ~1e-9). */
  private weights(m: number): Float64Array | null {
    const size = m + 1;
    const system = new Float64Array(size * size);
    for (let i = 0; i < m; i++) {
      for (let j = 0; j <= i; j++) {
        let dot = 0;
        const a = this.errors[i];
        const b = this.errors[j];
        for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
        system[i * size + j] = dot;
        system[j * size + i] = dot;
      }
    }
    let scale = 0;
    for (let i = 0; i < m; i++) scale = Math.max(scale, system[i * size + i]);
    if (scale === 0) return null;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) system[i * size + j] /= scale;
      system[i * size + m] = 1;
      system[m * size + i] = 1;
    }
    const rhs = new Float64Array(size);
    rhs[m] = 1;
    const solution = solveLinearSystem(system, rhs, size);
    return solution === null ? null : solution.subarray(0, m);
  }
}
