import { cartesianComponents, cartesianCount } from '../basis/angular.ts';
import type { BasisSet, Shell } from '../basis/shells.ts';
import type { Atom } from '../molecule.ts';
import { boysScratch, hermiteCoulomb, hermiteExpansion1D, HERMITE_SIZE, HERMITE_STRIDE } from './hermite.ts';
import { toSphericalBlock } from './spherical-transform.ts';

export interface OneElectronIntegrals {
  /** Row-major nbf × nbf, symmetric. */
  overlap: Float64Array;
  kinetic: Float64Array;
  nuclear: Float64Array;
}

/**
 * Overlap, kinetic energy and nuclear attraction over spherical functions, by McMurchie–Davidson.
 * Kinetic integrals use −½ d²/dx² acting on the ket, which only needs overlaps with j ± 2.
 */
export function oneElectronIntegrals(basis: BasisSet, atoms: readonly Atom[]): OneElectronIntegrals {
  const { shells, nbf } = basis;
  const result: OneElectronIntegrals = {
    overlap: new Float64Array(nbf * nbf),
    kinetic: new Float64Array(nbf * nbf),
    nuclear: new Float64Array(nbf * nbf),
  };
  const scratch = new PairScratch(basis);
  for (let a = 0; a < shells.length; a++) {
    for (let b = 0; b <= a; b++) {
      scratch.compute(shells[a], shells[b], atoms);
      scratch.store(result.overlap, scratch.overlap, nbf, shells[a], shells[b]);
      scratch.store(result.kinetic, scratch.kinetic, nbf, shells[a], shells[b]);
      scratch.store(result.nuclear, scratch.nuclear, nbf, shells[a], shells[b]);
    }
  }
  return result;
}

/** Per-pair work buffers, sized once for the largest shells. */
class PairScratch {
  /** Contracted Cartesian blocks at [((ka·Kb + kb)·ncartA + ca)·ncartB + cb]. */
  readonly overlap: Float64Array;
  readonly kinetic: Float64Array;
  readonly nuclear: Float64Array;
  /** The same for one primitive pair, before contraction coefficients. */
  private readonly primitiveOverlap: Float64Array;
  private readonly primitiveKinetic: Float64Array;
  private readonly primitiveNuclear: Float64Array;
  private readonly spherical: Float64Array;
  private readonly ex: Float64Array;
  private readonly ey: Float64Array;
  private readonly ez: Float64Array;
  private readonly r = new Float64Array(HERMITE_SIZE);
  private readonly fn = boysScratch();

  constructor(basis: BasisSet) {
    const { maxL } = basis;
    const maxContractions = Math.max(...basis.shells.map((shell) => shell.contractions));
    const block = cartesianCount(maxL) ** 2;
    const contracted = block * maxContractions ** 2;
    this.overlap = new Float64Array(contracted);
    this.kinetic = new Float64Array(contracted);
    this.nuclear = new Float64Array(contracted);
    this.primitiveOverlap = new Float64Array(block);
    this.primitiveKinetic = new Float64Array(block);
    this.primitiveNuclear = new Float64Array(block);
    this.spherical = new Float64Array((2 * maxL + 1) ** 2);
    const eSize = (maxL + 1) * (maxL + 3) * (2 * maxL + 3);
    this.ex = new Float64Array(eSize);
    this.ey = new Float64Array(eSize);
    this.ez = new Float64Array(eSize);
  }

  compute(a: Shell, b: Shell, atoms: readonly Atom[]): void {
    const block = cartesianCount(a.l) * cartesianCount(b.l);
    const size = block * a.contractions * b.contractions;
    this.overlap.fill(0, 0, size);
    this.kinetic.fill(0, 0, size);
    this.nuclear.fill(0, 0, size);
    const ab2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;
    const nprimA = a.exponents.length;
    const nprimB = b.exponents.length;
    for (let i = 0; i < nprimA; i++) {
      for (let j = 0; j < nprimB; j++) {
        this.primitivePair(a, b, a.exponents[i], b.exponents[j], ab2, atoms);
        for (let ka = 0; ka < a.contractions; ka++) {
          for (let kb = 0; kb < b.contractions; kb++) {
            const weight = a.coefficients[ka * nprimA + i] * b.coefficients[kb * nprimB + j];
            const at = (ka * b.contractions + kb) * block;
            for (let c = 0; c < block; c++) {
              this.overlap[at + c] += weight * this.primitiveOverlap[c];
              this.kinetic[at + c] += weight * this.primitiveKinetic[c];
              this.nuclear[at + c] += weight * this.primitiveNuclear[c];
            }
          }
        }
      }
    }
  }

  /** Transforms the contracted blocks of `source` to spherical functions and writes both triangles. */
  store(matrix: Float64Array, source: Float64Array, nbf: number, a: Shell, b: Shell): void {
    const na = 2 * a.l + 1;
    const nb = 2 * b.l + 1;
    const block = cartesianCount(a.l) * cartesianCount(b.l);
    for (let ka = 0; ka < a.contractions; ka++) {
      for (let kb = 0; kb < b.contractions; kb++) {
        toSphericalBlock(source, a.l, b.l, this.spherical, (ka * b.contractions + kb) * block);
        for (let i = 0; i < na; i++) {
          for (let j = 0; j < nb; j++) {
            const row = a.offset + ka * na + i;
            const column = b.offset + kb * nb + j;
            matrix[row * nbf + column] = this.spherical[i * nb + j];
            matrix[column * nbf + row] = this.spherical[i * nb + j];
          }
        }
      }
    }
  }

  private primitivePair(
    a: Shell,
    b: Shell,
    alpha: number,
    beta: number,
    ab2: number,
    atoms: readonly Atom[],
  ): void {
    const la = a.l;
    const lb = b.l;
    const nca = cartesianCount(la);
    const ncb = cartesianCount(lb);
    const compA = cartesianComponents(la);
    const compB = cartesianComponents(lb);
    // E tables reach j = lb + 2 for the kinetic operator.
    const jmax = lb + 2;
    const tStride = la + jmax + 1;
    const iStride = (jmax + 1) * tStride;
    const S = HERMITE_STRIDE;
    const { ex, ey, ez, r, primitiveOverlap, primitiveKinetic, primitiveNuclear } = this;
    const p = alpha + beta;
    const px = (alpha * a.x + beta * b.x) / p;
    const py = (alpha * a.y + beta * b.y) / p;
    const pz = (alpha * a.z + beta * b.z) / p;
    const gaussianProduct = Math.exp((-alpha * beta * ab2) / p);
    hermiteExpansion1D(ex, la, jmax, p, px - a.x, px - b.x);
    hermiteExpansion1D(ey, la, jmax, p, py - a.y, py - b.y);
    hermiteExpansion1D(ez, la, jmax, p, pz - a.z, pz - b.z);
    const overlapWeight = gaussianProduct * (Math.PI / p) ** 1.5;
    for (let ca = 0; ca < nca; ca++) {
      const ax = compA[3 * ca];
      const ay = compA[3 * ca + 1];
      const az = compA[3 * ca + 2];
      for (let cb = 0; cb < ncb; cb++) {
        const bx = compB[3 * cb];
        const by = compB[3 * cb + 1];
        const bz = compB[3 * cb + 2];
        const sx = ex[ax * iStride + bx * tStride];
        const sy = ey[ay * iStride + by * tStride];
        const sz = ez[az * iStride + bz * tStride];
        const at = ca * ncb + cb;
        primitiveOverlap[at] = overlapWeight * sx * sy * sz;
        primitiveKinetic[at] =
          overlapWeight *
          (kinetic1D(ex, ax, bx, beta, iStride, tStride) * sy * sz +
            sx * kinetic1D(ey, ay, by, beta, iStride, tStride) * sz +
            sx * sy * kinetic1D(ez, az, bz, beta, iStride, tStride));
        primitiveNuclear[at] = 0;
      }
    }
    for (const atom of atoms) {
      hermiteCoulomb(
        r,
        la + lb,
        p,
        px - atom.x,
        py - atom.y,
        pz - atom.z,
        (-2 * Math.PI * atom.charge) / p,
        this.fn,
      );
      for (let ca = 0; ca < nca; ca++) {
        const ax = compA[3 * ca];
        const ay = compA[3 * ca + 1];
        const az = compA[3 * ca + 2];
        for (let cb = 0; cb < ncb; cb++) {
          const bx = compB[3 * cb];
          const by = compB[3 * cb + 1];
          const bz = compB[3 * cb + 2];
          const xRow = ax * iStride + bx * tStride;
          const yRow = ay * iStride + by * tStride;
          const zRow = az * iStride + bz * tStride;
          let sum = 0;
          for (let t = 0; t <= ax + bx; t++) {
            for (let u = 0; u <= ay + by; u++) {
              const etu = ex[xRow + t] * ey[yRow + u];
              const rtu = (t * S + u) * S;
              for (let v = 0; v <= az + bz; v++) sum += etu * ez[zRow + v] * r[rtu + v];
            }
          }
          primitiveNuclear[ca * ncb + cb] += gaussianProduct * sum;
        }
      }
    }
  }
}

/** One-dimensional −½ d²/dx² between x^i and x^j·e^(−βx²), from overlaps (E^{i,j'}_0) with j' = j, j ± 2. */
function kinetic1D(
  e: Float64Array,
  i: number,
  j: number,
  beta: number,
  iStride: number,
  tStride: number,
): number {
  const row = i * iStride;
  return (
    beta * (2 * j + 1) * e[row + j * tStride] -
    2 * beta * beta * e[row + (j + 2) * tStride] -
    (j > 1 ? 0.5 * j * (j - 1) * e[row + (j - 2) * tStride] : 0)
  );
}
