import { describe, expect, it } from 'vitest';
import { buildBasisSet } from '../src/chem/basis/shells.ts';
import { electronRepulsionIntegrals } from '../src/chem/integrals/eri.ts';
import type { PackedIntegrals } from '../src/chem/integrals/packed-integrals.ts';
import { oneElectronIntegrals } from '../src/chem/integrals/one-electron.ts';
import { nuclearRepulsion, parseAtoms, parseMolecule } from '../src/chem/molecule.ts';
import { runRhf } from '../src/chem/scf/rhf.ts';
import { superposedAtomicDensity } from '../src/chem/scf/sad.ts';
import {
  integralsToSupermatrix,
  supermatrixToIntegrals,
  twoElectronFock,
} from '../src/chem/scf/supermatrix.ts';
import { pairIndex } from '../src/linalg/packed.ts';

const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';

function setUp(geometry: string, basisName: string) {
  const molecule = parseMolecule(geometry);
  const basis = buildBasisSet(molecule, basisName);
  const one = oneElectronIntegrals(basis, molecule.atoms);
  return { molecule, basis, one, eri: electronRepulsionIntegrals(basis) };
}

const eriAt = (eri: PackedIntegrals, i: number, j: number, k: number, l: number) =>
  eri.get(pairIndex(i, j), pairIndex(k, l));

describe('the supermatrix, built in place', () => {
  it('holds 2(ij|kl) − ½[(ik|jl) + (il|jk)] at every packed position, and turns back into the integrals', () => {
    const { basis, eri } = setUp(H2O, '6-31g*');
    const n = basis.nbf;
    const pk = integralsToSupermatrix(electronRepulsionIntegrals(basis));
    let largestDifference = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j <= i; j++)
        for (let k = 0; k < n; k++)
          for (let l = 0; l <= k; l++) {
            const expected =
              2 * eriAt(eri, i, j, k, l) - 0.5 * (eriAt(eri, i, k, j, l) + eriAt(eri, i, l, j, k));
            largestDifference = Math.max(largestDifference, Math.abs(eriAt(pk, i, j, k, l) - expected));
          }
    expect(largestDifference).toBeLessThan(1e-14);
    const back = supermatrixToIntegrals(pk);
    expect(back).toBe(pk);
    expect(Math.max(...back.values.map((value, index) => Math.abs(value - eri.values[index])))).toBeLessThan(
      1e-14,
    );
  });

  it('gives G = 2J − K for a symmetric density (one row left over when the pair count is odd)', () => {
    // 6-31G H2O: 13 functions, 91 pairs (odd); STO-3G: 7 functions, 28 pairs (even).
    for (const basisName of ['6-31g', 'sto-3g']) {
      const { basis, eri } = setUp(H2O, basisName);
      const n = basis.nbf;
      const density = new Float64Array(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j <= i; j++) density[i * n + j] = density[j * n + i] = Math.sin(i + 2 * j);
      const g = twoElectronFock(integralsToSupermatrix(electronRepulsionIntegrals(basis)), density);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          let expected = 0;
          for (let k = 0; k < n; k++)
            for (let l = 0; l < n; l++)
              expected += density[k * n + l] * (2 * eriAt(eri, i, j, k, l) - eriAt(eri, i, k, j, l));
          expect(Math.abs(g[i * n + j] - expected)).toBeLessThan(1e-12);
        }
    }
  });
});

describe('the SAD guess', () => {
  it('holds every electron of the neutral atoms, per spin, on the atoms’ diagonal blocks', () => {
    const { molecule, basis, one } = setUp(H2O, 'cc-pvdz');
    const n = basis.nbf;
    const guess = superposedAtomicDensity(molecule.atoms, 'cc-pvdz', n);
    let electrons = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) electrons += guess[i * n + j] * one.overlap[j * n + i];
    expect(electrons).toBeCloseTo(5, 10);
    // Oxygen's 14 functions come first; nothing couples them to the hydrogens'.
    expect(guess[0 * n + 14]).toBe(0);
    expect(guess[14 * n + 0]).toBe(0);
    expect(Math.abs(guess[0])).toBeGreaterThan(0.5);
  });

  it('reaches the same RHF energy as the core-Hamiltonian guess, in fewer iterations', () => {
    const { molecule, basis, one, eri } = setUp(H2O, 'cc-pvdz');
    const input = {
      nbf: basis.nbf,
      nocc: molecule.electrons / 2,
      nuclearRepulsion: nuclearRepulsion(molecule),
      overlap: one.overlap,
      coreHamiltonian: one.kinetic.map((value, i) => value + one.nuclear[i]),
      supermatrix: integralsToSupermatrix(eri),
    };
    const core = runRhf(input);
    const sad = runRhf({ ...input, guess: superposedAtomicDensity(molecule.atoms, 'cc-pvdz', basis.nbf) });
    expect(sad.energy).toBeCloseTo(-76.0267720534, 9);
    expect(Math.abs(sad.energy - core.energy)).toBeLessThan(1e-10);
    expect(sad.iterations).toBeLessThan(core.iterations);
  });

  it('converges the spherically averaged atom of every element the engine takes, hydrogen to argon', () => {
    const symbols = 'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar'.split(' ');
    for (const symbol of symbols) {
      const atoms = parseAtoms(`${symbol} 0 0 0`);
      const nbf = buildBasisSet({ atoms, electrons: atoms[0].charge }, '6-31g*').nbf;
      const guess = superposedAtomicDensity(atoms, '6-31g*', nbf);
      expect(guess.every(Number.isFinite)).toBe(true);
    }
  });
});
