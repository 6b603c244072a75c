import { cartesianCount } from '../basis/angular.ts';
import { solidHarmonicMatrix } from '../basis/solid-harmonics.ts';

/**
 * Transforms a Cartesian block [ca·ncartB + cb] of a shell pair into the spherical block
 * [ma·(2lb+1) + mb], i.e. H_a · block · H_bᵀ with the solid-harmonic matrices.
 * Writes into `out` at `outOffset` when given, otherwise returns a fresh array.
 */
export function toSphericalBlock(
  cartesian: Float64Array,
  la: number,
  lb: number,
  out: Float64Array = new Float64Array((2 * la + 1) * (2 * lb + 1)),
  cartesianOffset = 0,
  outOffset = 0,
): Float64Array {
  const ha = solidHarmonicMatrix(la);
  const hb = solidHarmonicMatrix(lb);
  const nca = cartesianCount(la);
  const ncb = cartesianCount(lb);
  const nsa = 2 * la + 1;
  const nsb = 2 * lb + 1;
  for (let ma = 0; ma < nsa; ma++) {
    for (let mb = 0; mb < nsb; mb++) {
      let sum = 0;
      for (let ca = 0; ca < nca; ca++) {
        const hA = ha[ma * nca + ca];
        if (hA === 0) continue;
        const row = cartesianOffset + ca * ncb;
        let inner = 0;
        for (let cb = 0; cb < ncb; cb++) inner += hb[mb * ncb + cb] * cartesian[row + cb];
        sum += hA * inner;
      }
      out[outOffset + ma * nsb + mb] = sum;
    }
  }
  return out;
}
