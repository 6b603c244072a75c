/**
 * 2×2 complex matrices for single-qubit gates, row-major as [re00, im00, re01, im01, re10, im10, re11, im11].
 * Rotations follow the usual convention R_n(θ) = exp(−iθ n·σ/2).
 */
export type Unitary = readonly number[];

export const IDENTITY: Unitary = [1, 0, 0, 0, 0, 0, 1, 0];

/** a·b: b acts first. */
export function multiply(a: Unitary, b: Unitary): Unitary {
  const out = new Array<number>(8);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < 2; k++) {
        const [xr, xi] = [a[4 * r + 2 * k], a[4 * r + 2 * k + 1]];
        const [yr, yi] = [b[4 * k + 2 * c], b[4 * k + 2 * c + 1]];
        re += xr * yr - xi * yi;
        im += xr * yi + xi * yr;
      }
      out[4 * r + 2 * c] = re;
      out[4 * r + 2 * c + 1] = im;
    }
  }
  return out;
}

/**
 * exp(−iθ/2·(cos φ·X + sin φ·Y)), a rotation by θ about the axis at angle φ in the XY plane: IQM's prx
 * with angle_t = θ/2π and phase_t = φ/2π.
 */
export function rotationXY(theta: number, phi: number): Unitary {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  // −i·s·e^{∓iφ} off the diagonal
  return [c, 0, -s * Math.sin(phi), -s * Math.cos(phi), s * Math.sin(phi), -s * Math.cos(phi), c, 0];
}

export const rx = (theta: number): Unitary => rotationXY(theta, 0);
export const ry = (theta: number): Unitary => rotationXY(theta, Math.PI / 2);

export function rz(theta: number): Unitary {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  return [c, -s, 0, 0, 0, 0, c, s];
}

/** Below this sin(θ/2) a rotation is dropped: it changes no amplitude by more than about 1e-14. */
const NEGLIGIBLE = 1e-14;

/**
 * Splits u into RZ(λ)·R_φ(θ) up to a global phase (R_φ acts first): any single-qubit gate is one prx
 * followed by a Z rotation, which the caller keeps as a virtual Z. θ is null when u is diagonal.
 *
 * With u = e^{iγ}·RZ(λ)·R_φ(θ): u00 = e^{i(γ−λ/2)}c, u11 = e^{i(γ+λ/2)}c, u10 = −i·e^{i(γ+λ/2+φ)}s,
 * u01 = −i·e^{i(γ−λ/2−φ)}s (c = cos θ/2, s = sin θ/2). Each angle is read from the entries that fix it
 * best: φ from u10·ū11 (weight s·c); λ from u11·ū00 when c ≥ s, else as (λ + 2φ) − 2φ from u10·ū01,
 * where an error in φ then cancels in the off-diagonal entries.
 */
export function splitRotation(u: Unitary): { theta: number | null; phi: number; lambda: number } {
  const [ar, ai, br, bi, cr, ci, dr, di] = u; // u00 = a, u01 = b, u10 = c, u11 = d
  const cosine = Math.hypot(ar, ai, dr, di) / Math.SQRT2;
  const sine = Math.hypot(br, bi, cr, ci) / Math.SQRT2;
  // arg(i·u10·ū11) = φ
  const phi = Math.atan2(cr * dr + ci * di, cr * di - ci * dr);
  const lambda =
    cosine >= sine
      ? Math.atan2(di * ar - dr * ai, dr * ar + di * ai)
      : Math.atan2(ci * br - cr * bi, cr * br + ci * bi) - 2 * phi;
  return { theta: sine < NEGLIGIBLE ? null : 2 * Math.atan2(sine, cosine), phi, lambda };
}
