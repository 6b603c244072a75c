/**
 * A plain 2^n state-vector simulator with textbook gate matrices, to check the engine's block-layout
 * circuits against. Basis index bit q is qubit q.
 */
export class DenseQubits {
  readonly re: Float64Array;
  readonly im: Float64Array;

  constructor(
    readonly qubits: number,
    basisState: number,
  ) {
    this.re = new Float64Array(2 ** qubits);
    this.im = new Float64Array(2 ** qubits);
    this.re[basisState] = 1;
  }

  /** General 2×2 unitary [[u00, u01], [u10, u11]] (complex, as [re, im]) on one qubit. */
  private single(q: number, u: Array<[number, number]>): void {
    const bit = 1 << q;
    for (let i = 0; i < this.re.length; i++) {
      if (i & bit) continue;
      const j = i | bit;
      const [a, b] = [
        [this.re[i], this.im[i]],
        [this.re[j], this.im[j]],
      ];
      const mul = (x: [number, number], y: number[]) => [
        x[0] * y[0] - x[1] * y[1],
        x[0] * y[1] + x[1] * y[0],
      ];
      const [p, q2, r, s] = [mul(u[0], a), mul(u[1], b), mul(u[2], a), mul(u[3], b)];
      [this.re[i], this.im[i]] = [p[0] + q2[0], p[1] + q2[1]];
      [this.re[j], this.im[j]] = [r[0] + s[0], r[1] + s[1]];
    }
  }

  rz(q: number, theta: number): void {
    this.single(q, [
      [Math.cos(theta / 2), -Math.sin(theta / 2)],
      [0, 0],
      [0, 0],
      [Math.cos(theta / 2), Math.sin(theta / 2)],
    ]);
  }

  ry(q: number, theta: number): void {
    const [c, s] = [Math.cos(theta / 2), Math.sin(theta / 2)];
    this.single(q, [
      [c, 0],
      [-s, 0],
      [s, 0],
      [c, 0],
    ]);
  }

  cx(control: number, target: number): void {
    for (let i = 0; i < this.re.length; i++) {
      if (!((i >>> control) & 1) || (i >>> target) & 1) continue;
      const j = i | (1 << target);
      [this.re[i], this.re[j]] = [this.re[j], this.re[i]];
      [this.im[i], this.im[j]] = [this.im[j], this.im[i]];
    }
  }

  /** RXX(θ) then RYY(θ): exp(−iθ XX/2) · exp(−iθ YY/2), each applied as cos(θ/2)·I − i sin(θ/2)·P. */
  rxxRyy(q1: number, q2: number, theta: number): void {
    this.pauliRotation(q1, q2, theta, 'XX');
    this.pauliRotation(q1, q2, theta, 'YY');
  }

  private pauliRotation(q1: number, q2: number, theta: number, pauli: 'XX' | 'YY'): void {
    const [c, s] = [Math.cos(theta / 2), Math.sin(theta / 2)];
    const flip = (1 << q1) | (1 << q2);
    const re = Float64Array.from(this.re);
    const im = Float64Array.from(this.im);
    for (let i = 0; i < re.length; i++) {
      const j = i ^ flip;
      // XX|j⟩ = |i⟩; YY|j⟩ = −|i⟩ when the two bits of j are equal, +|i⟩ otherwise.
      const bitsEqual = ((j >>> q1) & 1) === ((j >>> q2) & 1);
      const factor = pauli === 'XX' ? 1 : bitsEqual ? -1 : 1;
      // (cI − i s P)|ψ⟩ at i: c ψ_i − i s factor ψ_j
      this.re[i] = c * re[i] + s * factor * im[j];
      this.im[i] = c * im[i] - s * factor * re[j];
    }
  }
}
