import { addScaled, congruence, traceProduct } from '../linalg/dense.ts';
import { pairCount } from '../linalg/packed.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { PackedIntegrals } from './integrals/packed-integrals.ts';
import type { OrbitalSpaces } from './orbital-spaces.ts';
import { occupiedDensity } from './scf/rhf.ts';
import { supermatrixToIntegrals, twoElectronFock } from './scf/supermatrix.ts';

export interface ActiveSpaceInput {
  nbf: number;
  nmo: number;
  nuclearRepulsion: number;
  coreHamiltonian: Float64Array;
  /**
   * The closed-shell supermatrix of the AO two-electron integrals (scf/supermatrix.ts), for the
   * frozen-core field; turned back into the packed integrals in place for the transformation.
   */
  supermatrix: PackedIntegrals;
  /** MO coefficients, nbf × nmo. */
  orbitals: Float64Array;
  spaces: OrbitalSpaces;
}

/**
 * Folds the frozen orbitals into a constant and an effective one-electron operator,
 *   h_eff = h + 2J(D_f) − K(D_f),  E_frozen = tr D_f (h + h_eff),
 * and transforms h_eff and the two-electron integrals to the active orbitals.
 */
export function buildActiveSpaceHamiltonian(
  input: ActiveSpaceInput,
  signal?: AbortSignal,
): ActiveSpaceHamiltonian {
  const { nbf, nmo, coreHamiltonian: h, supermatrix, orbitals, spaces } = input;
  const nfrozen = spaces.frozen.length;
  const frozenDensity = occupiedDensity(
    selectColumns(orbitals, nbf, nmo, spaces.frozen),
    nbf,
    nfrozen,
    nfrozen,
  );
  const frozenField =
    nfrozen === 0 ? new Float64Array(nbf * nbf) : twoElectronFock(supermatrix, frozenDensity);
  const hEffective = h.map((value, i) => value + frozenField[i]);
  const norb = spaces.active.length;
  const active = selectColumns(orbitals, nbf, nmo, spaces.active);
  return {
    norb,
    nalpha: spaces.activeOccupied,
    nbeta: spaces.activeOccupied,
    ecore: input.nuclearRepulsion + traceProduct(frozenDensity, h) + traceProduct(frozenDensity, hEffective),
    h1: congruence(hEffective, active, nbf, norb),
    eri: transformIntegrals(supermatrixToIntegrals(supermatrix, signal), active, nbf, norb, signal),
  };
}

function selectColumns(
  matrix: Float64Array,
  rows: number,
  columns: number,
  selected: number[],
): Float64Array {
  const out = new Float64Array(rows * selected.length);
  for (let i = 0; i < rows; i++) {
    selected.forEach((column, k) => (out[i * selected.length + k] = matrix[i * columns + column]));
  }
  return out;
}

/**
 * (pq|rs) over the active orbitals C (nbf × norb) as a full norb⁴ array, in two half-transformations:
 * for each AO pair (μν) the ket is transformed to (μν|rs), then for each active pair (rs) the bra.
 * Each half costs about nbf⁴·norb/2 multiply-adds; intermediate storage is pairs(nbf) × pairs(norb).
 */
function transformIntegrals(
  eri: PackedIntegrals,
  c: Float64Array,
  nbf: number,
  norb: number,
  signal?: AbortSignal,
): Float64Array {
  const aoPairs = pairCount(nbf);
  const activePairs = pairCount(norb);
  const transform = new PackedCongruence(c, nbf, norb);
  const half = new Float64Array(aoPairs * activePairs);
  const packed = new Float64Array(aoPairs);
  for (let mn = 0; mn < aoPairs; mn++) {
    signal?.throwIfAborted();
    for (let ls = 0; ls < aoPairs; ls++) packed[ls] = eri.get(mn, ls);
    transform.apply(packed, half, mn * activePairs);
  }
  const result = new Float64Array(norb ** 4);
  const transformed = new Float64Array(activePairs);
  const n2 = norb * norb;
  for (let r = 0, rs = 0; r < norb; r++) {
    for (let s = 0; s <= r; s++, rs++) {
      signal?.throwIfAborted();
      for (let mn = 0; mn < aoPairs; mn++) packed[mn] = half[mn * activePairs + rs];
      transform.apply(packed, transformed, 0);
      for (let p = 0, pq = 0; p < norb; p++) {
        for (let q = 0; q <= p; q++, pq++) {
          const value = transformed[pq];
          const pqAt = p * norb + q;
          const qpAt = q * norb + p;
          const rsAt = r * norb + s;
          const srAt = s * norb + r;
          result[pqAt * n2 + rsAt] = value;
          result[pqAt * n2 + srAt] = value;
          result[qpAt * n2 + rsAt] = value;
          result[qpAt * n2 + srAt] = value;
          result[rsAt * n2 + pqAt] = value;
          result[rsAt * n2 + qpAt] = value;
          result[srAt * n2 + pqAt] = value;
          result[srAt * n2 + qpAt] = value;
        }
      }
    }
  }
  return result;
}

/** Cᵀ·M·C for symmetric M, both packed as lower triangles (linalg/packed.ts); buffers are reused. */
class PackedCongruence {
  private readonly square: Float64Array;
  private readonly mc: Float64Array;
  private readonly result: Float64Array;

  constructor(
    private readonly c: Float64Array,
    private readonly n: number,
    private readonly k: number,
  ) {
    this.square = new Float64Array(n * n);
    this.mc = new Float64Array(n * k);
    this.result = new Float64Array(k * k);
  }

  apply(packed: Float64Array, target: Float64Array, targetAt: number): void {
    const { c, n, k, square, mc, result } = this;
    for (let i = 0, ij = 0; i < n; i++) {
      for (let j = 0; j <= i; j++, ij++) {
        square[i * n + j] = packed[ij];
        square[j * n + i] = packed[ij];
      }
    }
    mc.fill(0);
    for (let i = 0; i < n; i++) {
      for (let l = 0; l < n; l++) {
        const m = square[i * n + l];
        if (m !== 0) addScaled(mc, i * k, m, c, l * k, k);
      }
    }
    result.fill(0);
    for (let i = 0; i < n; i++)
      for (let r = 0; r < k; r++) addScaled(result, r * k, c[i * k + r], mc, i * k, k);
    for (let r = 0, rs = 0; r < k; r++)
      for (let s = 0; s <= r; s++, rs++) target[targetAt + rs] = result[r * k + s];
  }
}
