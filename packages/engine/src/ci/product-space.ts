import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CancelPoint } from './cancel.ts';
import type { LayoutOperator } from './block-operator.ts';
import { couplingRows, groupLinks, sameSpinHamiltonian, singleExcitationLinks } from './excitations.ts';
import { ProductDiagonal } from './product-diagonal.ts';
import { mirrorLowerToUpper, symmetrise, type ColumnWindows } from './sigma-kernels.ts';
import { SigmaRows, type SigmaData, type SigmaPhase } from './sigma-rows.ts';
import { withSigmaVectors } from './sigma-memory.ts';
import { balancedBounds, runPhase, sigmaThreadsFor } from './sigma-team.ts';
import { occupiedOrbitals, type StringSet } from './strings.ts';

/**
 * The Hamiltonian over the determinants alpha strings × beta strings (coefficient of (Ia, Ib) at
 * Ia·nβ + Ib). The full CI space is the case where both sets hold every string; a HI-VQE subspace holds
 * the strings sampled or handed over. H = H_α + H_β + Σ (pq|rs) E^α_pq E^β_rs: the same-spin parts are
 * sparse string matrices, the opposite-spin part runs over pairs of single-excitation links
 * (Olsen's factorisation), so nothing of size (determinants)² is ever stored.
 *
 * When both spins use the same string set (closed shell), the operator works on coefficient matrices
 * symmetric under α ↔ β exchange — the even-spin states, which hold the singlet ground state — and
 * computes only the lower triangle of H·C, half the work.
 *
 * On a large space H·C is shared between threads (sigma-team.ts), each computing a range of alpha rows
 * balanced by the work in them; C and H·C pass through the memory the kernels share (sigma-memory.ts).
 *
 * Given string sets sorted by irrep (StringSet's `orbitalIrreps`), H·C runs over the determinants of one
 * irrep only, `targetIrrep` or that of the lowest diagonal element (symmetryWindows): C must be zero outside them, and H·C
 * is zero there; `blockDeterminants` lists them, for a solver that keeps its vectors on them alone
 * (block-operator.ts).
 *
 * Given `sources` (one flag per alpha string), the operator is the coupling block instead (over the irrep
 * `targetIrrep` only, where that is given and the sets are sorted by irrep): C lives on the
 * marked alpha rows and H·C is computed on the others only (zero on the marked ones), which is what scoring
 * strings outside a subspace needs (perturbative.ts): none of the work of the subspace's own rows, nor of
 * links that start outside it. The diagonal covers the marked rows too.
 */
export class ProductSpaceHamiltonian implements LayoutOperator {
  readonly size: number;
  /** ⟨D|H|D⟩ − ecore per determinant, in the symmetry block only where there is one (zero outside). */
  readonly diagonal: Float64Array;
  readonly spinSymmetric: boolean;
  private readonly norb: number;
  private readonly alphaOcc: number[][];
  private readonly betaOcc: number[][];
  private readonly rows: SigmaRows;
  /** The symmetry block H·C runs over (symmetryWindows), or null. */
  private readonly windows: ColumnWindows | null;
  /** Where each thread's rows start and end, per phase. */
  private readonly bounds: Record<SigmaPhase, number[]>;

  constructor(
    private readonly ham: ActiveSpaceHamiltonian,
    readonly alpha: StringSet,
    readonly beta: StringSet,
    sources: Uint8Array | null = null,
    targetIrrep: number | null = null,
  ) {
    const norb = ham.norb;
    this.norb = norb;
    this.size = alpha.size * beta.size;
    this.spinSymmetric = alpha === beta;
    if (sources !== null && this.spinSymmetric) throw new Error('a coupling block needs two string sets');
    const alphaRows = sources === null ? sameSpinHamiltonian(ham, alpha) : couplingRows(ham, alpha, sources);
    const betaRows = this.spinSymmetric ? alphaRows : sameSpinHamiltonian(ham, beta);
    const alphaLinks = singleExcitationLinks(alpha, norb, true, sources);
    const betaLinks = singleExcitationLinks(beta, norb);
    this.alphaOcc = Array.from(alpha.strings, (x) => occupiedOrbitals(x, norb));
    this.betaOcc = this.spinSymmetric
      ? this.alphaOcc
      : Array.from(beta.strings, (x) => occupiedOrbitals(x, norb));
    const coulombOnBeta = this.buildCoulombOnBeta();
    const diagonal = new ProductDiagonal(ham, this.alphaOcc, betaRows, coulombOnBeta, beta.size, ham.nbeta);
    // A coupling block's lowest diagonal element may lie outside the state: it needs the state's irrep.
    this.windows =
      sources === null || targetIrrep !== null ? this.symmetryWindows(targetIrrep, diagonal) : null;
    this.diagonal = diagonal.build(this.windows);
    const pairIrrep = this.windows === null ? null : pairIrreps(alpha.orbitalIrreps);
    const irrepCount = alpha.blockStart === null ? 1 : alpha.blockStart.length - 1;
    const pairIrrepCount = pairIrrep === null ? 1 : irrepCount;
    let betaKey = betaLinks.dst;
    if (pairIrrep !== null) {
      betaKey = new Int32Array(betaLinks.count);
      for (let l = 0; l < betaLinks.count; l++)
        betaKey[l] = betaLinks.dst[l] * irrepCount + pairIrrep[betaLinks.pq[l]];
    }
    const data: SigmaData = {
      norb,
      alphaSize: alpha.size,
      betaSize: beta.size,
      spinSymmetric: this.spinSymmetric,
      eri: ham.eri,
      alphaRows,
      betaRows,
      alphaByPair: groupLinks(alphaLinks, alphaLinks.pq, norb * norb),
      betaByTarget: groupLinks(betaLinks, betaKey, beta.size * pairIrrepCount),
      pairIrreps: pairIrrepCount,
      pairIrrep,
      coulombOnBeta,
      sources,
      windows: this.windows,
    };
    this.rows = new SigmaRows(data);
    const threads = sigmaThreadsFor(this.computedSize());
    this.bounds =
      threads === 1
        ? { sameSpin: [0, alpha.size], oppositeSpin: [0, alpha.size] }
        : {
            sameSpin: balancedBounds(this.sameSpinWork(data), threads),
            oppositeSpin: balancedBounds(this.oppositeSpinWork(data), threads),
          };
  }

  /**
   * Where both string sets are sorted by irrep (StringSet's `orbitalIrreps`), the determinants of the target
   * irrep, by default that of the lowest diagonal element, the one Davidson starts from without a guess:
   * H never leaves an irrep, so the lowest eigenvector it reaches from there lies in it, and H·C need only
   * run over it. Per alpha string, the beta window.
   */
  private symmetryWindows(target: number | null, diagonal: ProductDiagonal): ColumnWindows | null {
    const [alphaBlocks, betaBlocks] = [this.alpha.blockStart, this.beta.blockStart];
    if (alphaBlocks === null || betaBlocks === null || this.size === 0) return null;
    const irrep = target ?? this.irrepAt(diagonal.lowestPosition());
    const start = new Int32Array(this.alpha.size);
    const end = new Int32Array(this.alpha.size);
    for (let g = 0; g + 1 < alphaBlocks.length; g++) {
      const partner = g ^ irrep;
      const [from, to] =
        partner + 1 < betaBlocks.length ? [betaBlocks[partner], betaBlocks[partner + 1]] : [0, 0];
      start.fill(from, alphaBlocks[g], alphaBlocks[g + 1]);
      end.fill(to, alphaBlocks[g], alphaBlocks[g + 1]);
    }
    return { start, end };
  }

  /** The irrep of the determinant at position a·nβ + b. */
  private irrepAt(position: number): number {
    const nb = this.beta.size;
    return (this.alpha.irrepOf(Math.floor(position / nb)) ?? 0) ^ (this.beta.irrepOf(position % nb) ?? 0);
  }

  /** The determinants H·C runs over, as positions Ia·nβ + Ib: the symmetry block's, or null for all. */
  blockDeterminants(): Int32Array | null {
    if (this.windows === null) return null;
    const { start, end } = this.windows;
    const nb = this.beta.size;
    const positions = new Int32Array(this.computedSize());
    let k = 0;
    for (let a = 0; a < this.alpha.size; a++)
      for (let b = start[a]; b < end[a]; b++) positions[k++] = a * nb + b;
    return positions;
  }

  /**
   * For an operator over even-spin states (one string set for both spins), per determinant of the block (in
   * blockDeterminants' order) the index of its alpha ↔ beta mirror in the block (the block holds it: the irrep
   * of (Ib, Ia) is that of (Ia, Ib)); null otherwise.
   */
  blockTransposes(): Int32Array | null {
    if (this.windows === null || !this.spinSymmetric) return null;
    const { start, end } = this.windows;
    // Each row's determinants are one stretch of the block, from rowFirst[a] on.
    const rowFirst = new Int32Array(this.alpha.size);
    for (let a = 1; a < rowFirst.length; a++) rowFirst[a] = rowFirst[a - 1] + end[a - 1] - start[a - 1];
    const transposes = new Int32Array(this.computedSize());
    let k = 0;
    for (let a = 0; a < this.alpha.size; a++)
      for (let b = start[a]; b < end[a]; b++) transposes[k++] = rowFirst[b] + a - start[b];
    return transposes;
  }

  private buildCoulombOnBeta(): Float64Array {
    const n = this.norb;
    const n2 = n * n;
    const nb = this.beta.size;
    const out = new Float64Array(n2 * nb);
    for (let pq = 0; pq < n2; pq++) {
      for (let b = 0; b < nb; b++) {
        let sum = 0;
        for (const r of this.betaOcc[b]) sum += this.ham.eri[pq * n2 + r * n + r];
        out[pq * nb + b] = sum;
      }
    }
    return out;
  }

  /** Per alpha row, the multiply-adds of the same-spin phase. */
  private sameSpinWork({ alphaRows, betaRows, betaSize: nb, sources }: SigmaData): Float64Array {
    const betaPerRow = this.spinSymmetric || sources !== null ? 0 : betaRows.rowStart[nb] / Math.max(nb, 1);
    return Float64Array.from({ length: this.alpha.size }, (_, a) => {
      const width = this.windowWidth(a);
      return (alphaRows.rowStart[a + 1] - alphaRows.rowStart[a] + betaPerRow) * width + nb;
    });
  }

  /** Per alpha row, the beta strings its alpha links reach in the opposite-spin phase (a triangle's when symmetric). */
  private oppositeSpinWork({ alphaByPair }: SigmaData): Float64Array {
    const work = new Float64Array(this.alpha.size);
    for (const dst of alphaByPair.dst) work[dst] += this.windowWidth(dst, this.spinSymmetric);
    return work;
  }

  /** The determinants H·C computes: the symmetry block's, or all of them. */
  private computedSize(): number {
    let count = 0;
    for (let a = 0; a < this.alpha.size; a++) count += this.windowWidth(a);
    return count;
  }

  /** The beta strings row a takes in H·C (in a symmetric C's lower triangle, with `triangle`). */
  private windowWidth(a: number, triangle = false): number {
    const [start, end] =
      this.windows === null ? [0, this.beta.size] : [this.windows.start[a], this.windows.end[a]];
    return Math.max(0, (triangle ? Math.min(end, a + 1) : end) - start);
  }

  restrict(x: Float64Array): void {
    if (this.spinSymmetric) symmetrise(x, this.alpha.size, this.windows);
  }

  apply(c: Float64Array, out: Float64Array, cancel: CancelPoint): Promise<void> {
    return this.applyThrough(
      (inMemory) => inMemory.set(c),
      (outInMemory) => {
        // H·C is written in the symmetry block alone (SigmaData.windows); it is zero outside.
        if (this.windows === null) return out.set(outInMemory);
        out.fill(0);
        const nb = this.beta.size;
        for (let a = 0; a < this.alpha.size; a++) {
          const [from, end] = [a * nb + this.windows.start[a], a * nb + this.windows.end[a]];
          out.set(outInMemory.subarray(from, end), from);
        }
      },
      cancel,
    );
  }

  /** H·C in the kernels' memory, which every thread shares (LayoutOperator.applyThrough). */
  async applyThrough(
    load: (c: Float64Array, fromSameLoader: boolean) => void,
    store: (out: Float64Array) => void,
    cancel: CancelPoint,
    loader: object | null = null,
  ): Promise<void> {
    const bounds = this.bounds;
    const threads = bounds.sameSpin.length - 1;
    await withSigmaVectors(
      this.size,
      this.rows.scratchBytes,
      threads,
      async (vectors) => {
        load(vectors.c, vectors.cFromSameLoader);
        for (const phase of ['sameSpin', 'oppositeSpin'] as const) {
          await runPhase(this.rows, phase, vectors, bounds[phase], cancel);
        }
        if (this.spinSymmetric) mirrorLowerToUpper(vectors.out, this.alpha.size, this.windows);
        store(vectors.out);
      },
      loader,
    );
  }
}

/** Per orbital pair pq = p·norb + q, the XOR of the two orbitals' irreps. */
function pairIrreps(irreps: Int32Array | null): Int32Array | null {
  if (irreps === null) return null;
  const n = irreps.length;
  return Int32Array.from({ length: n * n }, (_, pq) => irreps[Math.floor(pq / n)] ^ irreps[pq % n]);
}
