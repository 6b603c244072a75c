import { describe, expect, it } from 'vitest';
import { buildHamiltonian, type ChemResult } from '../src/chem/index.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';

// Reference energies of shared/engine.md (PySCF 2.14 and Psi4 agree on them to 1e-9).
const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const N2 = 'N 0 0 0;N 0 0 1.0';
const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

const CASES = [
  {
    name: 'H2 sto-3g',
    geometry: 'H 0 0 0;H 0 0 0.74',
    basis: 'sto3g',
    frozen: [],
    active: [0, 1],
    rhf: -1.116759307,
  },
  {
    name: 'LiH sto-3g',
    geometry: 'Li 0 0 0;H 0 0 1.6',
    basis: 'sto-3g',
    frozen: [],
    active: range(0, 5),
    rhf: -7.86186477,
  },
  { name: 'H2O sto-3g', geometry: H2O, basis: 'sto3g', frozen: [0], active: range(1, 6), rhf: -74.963023139 },
  {
    name: 'N2 sto-3g',
    geometry: N2,
    basis: 'sto3g',
    frozen: [0, 1],
    active: range(2, 9),
    rhf: -107.419532452,
  },
  {
    name: 'N2 6-31g',
    geometry: N2,
    basis: '631g',
    frozen: [0, 1],
    active: range(2, 11),
    rhf: -108.835236571,
  },
  {
    name: 'N2 cc-pvdz',
    geometry: N2,
    basis: 'ccpvdz',
    frozen: [0, 1],
    active: range(2, 11),
    rhf: -108.929838386,
  },
  { name: 'H2O 6-31g*', geometry: H2O, basis: '631gd', frozen: [], active: [], rhf: -76.009108032 },
  { name: 'H2O cc-pvtz', geometry: H2O, basis: 'ccpvtz', frozen: [], active: [], rhf: -76.05712742 },
];

/** ecore + Σ_i 2h_ii + Σ_ij (2J_ij − K_ij) over the occupied active orbitals, which come first. */
function referenceDeterminantEnergy(h: ActiveSpaceHamiltonian): number {
  const n = h.norb;
  const eri = (p: number, q: number, r: number, s: number): number => h.eri[((p * n + q) * n + r) * n + s];
  let energy = h.ecore;
  for (let i = 0; i < h.nalpha; i++) {
    energy += 2 * h.h1[i * n + i];
    for (let j = 0; j < h.nalpha; j++) energy += 2 * eri(i, i, j, j) - eri(i, j, j, i);
  }
  return energy;
}

function maxAsymmetry(h: ActiveSpaceHamiltonian): number {
  const n = h.norb;
  const at = (p: number, q: number, r: number, s: number): number => h.eri[((p * n + q) * n + r) * n + s];
  let max = 0;
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < n; q++) {
      max = Math.max(max, Math.abs(h.h1[p * n + q] - h.h1[q * n + p]));
      for (let r = 0; r < n; r++) {
        for (let s = 0; s < n; s++) {
          const value = at(p, q, r, s);
          for (const other of [at(q, p, r, s), at(p, q, s, r), at(r, s, p, q)])
            max = Math.max(max, Math.abs(value - other));
        }
      }
    }
  }
  return max;
}

describe('reference energies', () => {
  const results = new Map<string, ChemResult>();
  const result = (c: (typeof CASES)[number]): ChemResult => {
    let cached = results.get(c.name);
    if (cached === undefined) {
      cached = buildHamiltonian({
        geometry: c.geometry,
        basis: c.basis,
        frozenOrbitals: c.frozen,
        activeOrbitals: c.active,
      });
      results.set(c.name, cached);
    }
    return cached;
  };

  it.each(CASES)('$name: RHF energy matches the reference (required 1e-6, held to 1e-8)', (c) => {
    expect(Math.abs(result(c).eRhf - c.rhf)).toBeLessThan(1e-8);
  });

  it.each(CASES.filter((c) => c.active.length > 0))(
    '$name: the active-space reference determinant reproduces E_RHF',
    (c) => {
      const { hamiltonian, eRhf, nocc } = result(c);
      expect(hamiltonian).not.toBeNull();
      if (hamiltonian === null) return;
      expect(hamiltonian.norb).toBe(c.active.length);
      expect(hamiltonian.nalpha).toBe(nocc - c.frozen.length);
      expect(hamiltonian.nbeta).toBe(hamiltonian.nalpha);
      expect(Math.abs(referenceDeterminantEnergy(hamiltonian) - eRhf)).toBeLessThan(1e-8);
      expect(maxAsymmetry(hamiltonian)).toBeLessThan(1e-12);
    },
  );

  it.each(CASES.filter((c) => c.active.length === 0))('$name: no active space means RHF only', (c) => {
    expect(result(c).hamiltonian).toBeNull();
  });

  it('orbital energies ascend and nbf/nocc are as expected', () => {
    const n2 = result(CASES[5]);
    expect(n2.nbf).toBe(28);
    expect(n2.nocc).toBe(7);
    expect(n2.moEnergies.length).toBe(28);
    for (let i = 1; i < n2.moEnergies.length; i++)
      expect(n2.moEnergies[i]).toBeGreaterThanOrEqual(n2.moEnergies[i - 1]);
    expect(result(CASES[7]).nbf).toBe(58);
  });

  it('H2 sto-3g: the 2×2 CI of the Hamiltonian gives the reference CASCI energy', () => {
    const h = result(CASES[0]).hamiltonian;
    if (h === null) throw new Error('expected a Hamiltonian');
    const eri = (p: number, q: number, r: number, s: number): number => h.eri[((p * 2 + q) * 2 + r) * 2 + s];
    // Singles vanish by g/u symmetry; |1ᾱ1| couples to |0ᾱ0| through (01|01).
    const e0 = h.ecore + 2 * h.h1[0] + eri(0, 0, 0, 0);
    const e1 = h.ecore + 2 * h.h1[3] + eri(1, 1, 1, 1);
    const coupling = eri(0, 1, 0, 1);
    const lowest = (e0 + e1) / 2 - Math.hypot((e1 - e0) / 2, coupling);
    expect(Math.abs(lowest - -1.137283834)).toBeLessThan(1e-8);
  });
});
