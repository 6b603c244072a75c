import type { GroupedLinks } from './excitations.ts';

/*
 * The inner loops of H·C (product-space.ts), kept apart so that each stays a small monomorphic
 * function the JIT compiles well. Typed arrays and indices only.
 */

/**
 * out[outRow + Jb] += sign · (u[uOffset + Jb]·c[inRow + Jb] + Σ_{beta links Ib → Jb} w[l]·c[inRow + Ib])
 * for from ≤ Jb < end: one alpha link (or the alpha diagonal) against every beta link. The hot loop of CI.
 */
export function oneLinkKernel(
  inRow: number,
  outRow: number,
  sign: number,
  from: number,
  end: number,
  u: Float64Array,
  uOffset: number,
  w: Float64Array,
  linkStart: Int32Array,
  linkSrc: Int32Array,
  c: Float64Array,
  out: Float64Array,
): void {
  for (let jb = from; jb < end; jb++) {
    let sum = u[uOffset + jb] * c[inRow + jb];
    for (let l = linkStart[jb]; l < linkStart[jb + 1]; l++) sum += w[l] * c[inRow + linkSrc[l]];
    out[outRow + jb] += sign * sum;
  }
}

/** oneLinkKernel for alpha links k … k+3 (same orbital pair) over 0 ≤ Jb < end. */
export function fourLinkKernel(
  alpha: GroupedLinks,
  k: number,
  nb: number,
  end: number,
  u: Float64Array,
  uOffset: number,
  w: Float64Array,
  linkStart: Int32Array,
  linkSrc: Int32Array,
  c: Float64Array,
  out: Float64Array,
): void {
  const [in1, in2, in3, in4] = [
    alpha.src[k] * nb,
    alpha.src[k + 1] * nb,
    alpha.src[k + 2] * nb,
    alpha.src[k + 3] * nb,
  ];
  const [out1, out2, out3, out4] = [
    alpha.dst[k] * nb,
    alpha.dst[k + 1] * nb,
    alpha.dst[k + 2] * nb,
    alpha.dst[k + 3] * nb,
  ];
  const [sign1, sign2, sign3, sign4] = [
    alpha.sign[k],
    alpha.sign[k + 1],
    alpha.sign[k + 2],
    alpha.sign[k + 3],
  ];
  for (let jb = 0; jb < end; jb++) {
    const diagonalWeight = u[uOffset + jb];
    let sum1 = diagonalWeight * c[in1 + jb];
    let sum2 = diagonalWeight * c[in2 + jb];
    let sum3 = diagonalWeight * c[in3 + jb];
    let sum4 = diagonalWeight * c[in4 + jb];
    for (let l = linkStart[jb]; l < linkStart[jb + 1]; l++) {
      const weight = w[l];
      const src = linkSrc[l];
      sum1 += weight * c[in1 + src];
      sum2 += weight * c[in2 + src];
      sum3 += weight * c[in3 + src];
      sum4 += weight * c[in4 + src];
    }
    out[out1 + jb] += sign1 * sum1;
    out[out2 + jb] += sign2 * sum2;
    out[out3 + jb] += sign3 * sum3;
    out[out4 + jb] += sign4 * sum4;
  }
}

/** lower(S) ← S + Sᵀ, for the square matrix S of side n stored row-major. */
export function foldTransposeIntoLower(s: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) s[i * n + j] += s[j * n + i];
    s[i * n + i] *= 2;
  }
}

export function mirrorLowerToUpper(s: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) s[j * n + i] = s[i * n + j];
}
