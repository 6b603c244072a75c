import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { enumerateStrings, popcount } from '../src/ci/strings.ts';
import { scoreCandidates, secondOrderCorrection, selectPerturbatively } from '../src/hivqe/perturbative.ts';
import { diagonalise, rankByScore, stringWeights } from '../src/hivqe/subspace.ts';
import { denseHamiltonian } from './support/fock-space.ts';
import { n2Hamiltonian, n2Sto3g } from './support/n2-sto3g.ts';

const cancel = new CancelPoint();

/** The `count` strings nearest Hartree–Fock: fewest electrons moved out of it, then by value. */
function nearHartreeFock(norb: number, nelec: number, count: number): number[] {
  const hf = (1 << nelec) - 1;
  return Array.from(enumerateStrings(norb, nelec))
    .sort((a, b) => popcount(a & ~hf) - popcount(b & ~hf) || a - b)
    .slice(0, count);
}

describe('perturbative string selection', () => {
  it("scores each candidate by its determinants' second-order energy and first-order weight, as the dense H gives", async () => {
    const ham = n2Sto3g(1.2);
    const subspace = await diagonalise(ham, nearHartreeFock(ham.norb, ham.nalpha, 10), null, cancel);
    const scored = await scoreCandidates(ham, subspace, cancel);
    // Every string of the space outside the subspace is within two electrons of one of its strings here.
    expect(scored).toHaveLength(56 - 10);

    const all = Array.from(enumerateStrings(ham.norb, ham.nalpha));
    const determinants = all.flatMap((a) => all.map((b) => [a, b] as const));
    const h = denseHamiltonian(ham, determinants);
    const at = (a: number, b: number) => all.indexOf(a) * all.length + all.indexOf(b);
    const psi = new Float64Array(determinants.length);
    const inside = Array.from(subspace.strings.strings);
    inside.forEach((a, i) =>
      inside.forEach((b, j) => (psi[at(a, b)] = subspace.vector[i * inside.length + j])),
    );
    const e0 = subspace.energy - ham.ecore;
    for (const { x, weight, energy } of scored) {
      let expectedWeight = 0;
      let expectedEnergy = 0;
      for (const j of inside) {
        const row = at(x, j);
        let coupling = 0;
        for (let k = 0; k < psi.length; k++) coupling += h[row * psi.length + k] * psi[k];
        const gap = h[row * psi.length + row] - e0;
        expectedWeight += (coupling / gap) ** 2;
        expectedEnergy -= coupling ** 2 / gap;
      }
      expect(weight).toBeCloseTo(expectedWeight, 12);
      expect(energy).toBeCloseTo(expectedEnergy, 12);
    }
    // Ranked by weight, and the first ones matter: the strongest candidate carries a visible weight.
    scored.slice(1).forEach((s, i) => expect(s.weight).toBeLessThanOrEqual(scored[i].weight));
    expect(scored[0].weight).toBeGreaterThan(1e-4);
  });

  it('reaches, from the strings nearest Hartree–Fock, the energy of the strings of largest exact weight', async () => {
    // N2 6-31G (10o,10e) stretched to 1.6 Å: 252 strings per spin; 40 kept.
    const ham = n2Hamiltonian('6-31g', 1.6, 11);
    const all = Array.from(enumerateStrings(ham.norb, ham.nalpha));
    const exact = await diagonalise(ham, all, null, cancel);
    const weights = stringWeights(exact);
    const heaviest = rankByScore(new Map(Array.from(exact.strings.strings, (x, i) => [x, weights[i]]))).slice(
      0,
      40,
    );
    const best = await diagonalise(ham, heaviest, null, cancel);

    const start = await diagonalise(ham, nearHartreeFock(ham.norb, ham.nalpha, 20), null, cancel);
    const selected = await selectPerturbatively(ham, start, 40, 1e-4, Math.SQRT2, cancel);
    expect(selected.subspace.strings.size).toBe(40);
    expect(selected.added.length).toBeGreaterThanOrEqual(20);
    expect(start.energy - best.energy).toBeGreaterThan(5e-3);
    // As low as the heaviest strings of the exact state, or lower: weight is not what a subspace's energy rewards.
    expect(selected.subspace.energy).toBeLessThan(best.energy + 1e-5);
  });

  it('keeps the size when growing would gain less than the growth tolerance', async () => {
    const ham = n2Hamiltonian('6-31g', 1.6, 11);
    const start = await diagonalise(ham, nearHartreeFock(ham.norb, ham.nalpha, 20), null, cancel);
    const selected = await selectPerturbatively(ham, start, 40, 1, Math.SQRT2, cancel);
    expect(selected.subspace.strings.size).toBe(20);
    expect(selected.subspace.energy).toBeLessThan(start.energy - 1e-4);
  });

  it('corrects the energy to second order over the determinants with one string outside, both spins', async () => {
    const ham = n2Sto3g(1.2);
    const subspace = await diagonalise(ham, nearHartreeFock(ham.norb, ham.nalpha, 10), null, cancel);
    const all = Array.from(enumerateStrings(ham.norb, ham.nalpha));
    const determinants = all.flatMap((a) => all.map((b) => [a, b] as const));
    const h = denseHamiltonian(ham, determinants);
    const inside = Array.from(subspace.strings.strings);
    const psi = new Float64Array(determinants.length);
    const at = (a: number, b: number) => all.indexOf(a) * all.length + all.indexOf(b);
    inside.forEach((a, i) =>
      inside.forEach((b, j) => (psi[at(a, b)] = subspace.vector[i * inside.length + j])),
    );
    const e0 = subspace.energy - ham.ecore;
    let expected = 0;
    determinants.forEach(([a, b], row) => {
      // Exactly one of the two strings outside: (K, J) and its mirror (J, K).
      if (inside.includes(a) === inside.includes(b)) return;
      let coupling = 0;
      for (let k = 0; k < psi.length; k++) coupling += h[row * psi.length + k] * psi[k];
      expected -= coupling ** 2 / (h[row * psi.length + row] - e0);
    });
    expect(expected).toBeLessThan(-1e-3);
    expect(await secondOrderCorrection(ham, subspace, cancel)).toBeCloseTo(expected, 12);
    // The whole space has nothing outside: its energy is exact, and there is no correction to make.
    expect(await secondOrderCorrection(ham, await diagonalise(ham, all, null, cancel), cancel)).toBeNull();
  });

  it('brings the energy nearer the exact one without passing it, on stretched N2', async () => {
    // N2 6-31G (10o,10e) at 1.6 Å, the 40 of 252 strings the selection reaches from the 20 nearest Hartree–Fock.
    const ham = n2Hamiltonian('6-31g', 1.6, 11);
    const exact = await diagonalise(ham, Array.from(enumerateStrings(ham.norb, ham.nalpha)), null, cancel);
    const start = await diagonalise(ham, nearHartreeFock(ham.norb, ham.nalpha, 20), null, cancel);
    const { subspace } = await selectPerturbatively(ham, start, 40, 1e-4, Math.SQRT2, cancel);
    const estimate = subspace.energy + (await secondOrderCorrection(ham, subspace, cancel))!;
    expect(estimate).toBeGreaterThan(exact.energy);
    // 7.7 mHa above the exact energy, 3.3 with the correction.
    expect(estimate - exact.energy).toBeLessThan(0.5 * (subspace.energy - exact.energy));
  });
});
