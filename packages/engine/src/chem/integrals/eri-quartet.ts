import { addScaled } from '../../linalg/dense.ts';
import { boysScratch, hermiteCoulomb, hermiteLayout, HERMITE_SIZE } from './hermite.ts';
import type { ShellPair } from './shell-pairs.ts';

const TWO_PI_TO_5_HALVES = 2 * Math.PI ** 2.5;

/**
 * Contracted (bra|ket) shell-quartet integrals by McMurchie–Davidson:
 *   (ab|cd) = Σ_pq 2π^(5/2)/(p q √(p+q)) Σ_tuv E^{ab}_tuv Σ_τνφ (−1)^(τ+ν+φ) E^{cd}_τνφ R_{t+τ,u+ν,v+φ}.
 * For each bra primitive the ket side is summed over all ket primitives first, so the bra expansion is
 * applied once per bra primitive rather than once per primitive quartet. Buffers grow as needed.
 */
export class QuartetKernel {
  /** Result of the last `compute`, at [ab · ket.nab + cd]. */
  out = new Float64Array(0);
  private partial = new Float64Array(0);
  private readonly r = new Float64Array(HERMITE_SIZE);
  private readonly scratch = boysScratch();

  compute(bra: ShellPair, ket: ShellPair): void {
    const { r, scratch } = this;
    const l = bra.l + ket.l;
    const braOffsets = hermiteLayout(bra.l).offsets;
    const ketOffsets = hermiteLayout(ket.l).offsets;
    const braRows = bra.rows;
    const ketRows = ket.rows;
    const nhBra = bra.nh;
    const nhKet = ket.nh;
    const nab = bra.nab;
    const ncd = ket.nab;
    const braE = bra.hermite;
    const ketE = ket.hermiteKet;
    if (this.out.length < nab * ncd) this.out = new Float64Array(nab * ncd);
    if (this.partial.length < nhBra * ncd) this.partial = new Float64Array(nhBra * ncd);
    const { out, partial } = this;
    out.fill(0, 0, nab * ncd);
    for (let ip = 0; ip < bra.primitives; ip++) {
      const p = bra.exponents[ip];
      const px = bra.px[ip];
      const py = bra.py[ip];
      const pz = bra.pz[ip];
      partial.fill(0, 0, nhBra * ncd);
      for (let iq = 0; iq < ket.primitives; iq++) {
        const q = ket.exponents[iq];
        const sum = p + q;
        const scale = TWO_PI_TO_5_HALVES / Math.sqrt(sum);
        hermiteCoulomb(
          r,
          l,
          (p * q) / sum,
          px - ket.px[iq],
          py - ket.py[iq],
          pz - ket.pz[iq],
          scale,
          scratch,
        );
        const ketBase = iq * nhKet * ncd;
        for (let bi = 0; bi < braRows.length; bi++) {
          const i = braRows[bi];
          const rBase = braOffsets[i];
          const row = i * ncd;
          for (let kj = 0; kj < ketRows.length; kj++) {
            const j = ketRows[kj];
            const value = r[rBase + ketOffsets[j]];
            // Exact zeros are common: R_tuv with odd t vanishes when P and Q share their x coordinate.
            if (value !== 0) addScaled(partial, row, value, ketE, ketBase + j * ncd, ncd);
          }
        }
      }
      const braBase = ip * nhBra * nab;
      for (let bi = 0; bi < braRows.length; bi++) {
        const i = braRows[bi];
        const row = i * ncd;
        const eRow = braBase + i * nab;
        for (let ab = 0; ab < nab; ab++) {
          const e = braE[eRow + ab];
          if (e !== 0) addScaled(out, ab * ncd, e, partial, row, ncd);
        }
      }
    }
  }
}

/** Floating-point work of `compute(bra, ket)`, to pick the cheaper orientation of a quartet. */
export function quartetCost(bra: ShellPair, ket: ShellPair): number {
  return bra.primitives * bra.rows.length * ket.nab * (ket.primitives * ket.rows.length + bra.nab);
}
