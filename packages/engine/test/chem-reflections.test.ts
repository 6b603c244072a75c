import { describe, expect, it } from 'vitest';
import { cartesianComponents, cartesianCount } from '../src/chem/basis/angular.ts';
import { buildBasisSet } from '../src/chem/basis/shells.ts';
import { solidHarmonicMatrix } from '../src/chem/basis/solid-harmonics.ts';
import { buildHamiltonian } from '../src/chem/index.ts';
import { electronRepulsionIntegrals } from '../src/chem/integrals/eri.ts';
import { QuartetKernel } from '../src/chem/integrals/eri-quartet.ts';
import { basisReflections } from '../src/chem/integrals/reflections.ts';
import { buildShellPair } from '../src/chem/integrals/shell-pairs.ts';
import { parseMolecule } from '../src/chem/molecule.ts';
import { pairCount } from '../src/linalg/packed.ts';

const WATER = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const ETHYLENE =
  'C 0 0 0.6695;C 0 0 -0.6695;H 0 0.9289 1.2321;H 0 -0.9289 1.2321;H 0 0.9289 -1.2321;H 0 -0.9289 -1.2321';

const reflectionsOf = (geometry: string, basis = 'cc-pvdz') =>
  basisReflections(buildBasisSet(parseMolecule(geometry), basis));

describe('reflections of the basis', () => {
  it('are found exactly where the molecule is symmetric through coordinate planes', () => {
    expect(reflectionsOf(WATER)).toHaveLength(3); // C2v: x, y and both
    expect(reflectionsOf(ETHYLENE)).toHaveLength(7); // D2h
    expect(reflectionsOf('N 0 0 0;N 0 0 1.0')).toHaveLength(3); // on the z axis, not centred
    expect(reflectionsOf('N 0 0 -0.5;N 0 0 0.5')).toHaveLength(7);
    // Not in this orientation, or not at all: another element, another basis on a mirror atom, a nudge.
    expect(reflectionsOf('C 0 0 -0.5;O 0 0 0.5')).toHaveLength(3);
    expect(reflectionsOf('N 0.3 0.2 1.2;O 0 0 0;H 1 -0.5 0.2')).toHaveLength(0);
    expect(reflectionsOf('O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692001')).toHaveLength(1);
  });

  it('give every real solid harmonic one parity per axis, up to g functions', () => {
    for (let l = 0; l <= 4; l++) {
      const ncart = cartesianCount(l);
      const components = cartesianComponents(l);
      const matrix = solidHarmonicMatrix(l);
      for (let m = 0; m < 2 * l + 1; m++) {
        for (let axis = 0; axis < 3; axis++) {
          const parities = new Set<number>();
          for (let c = 0; c < ncart; c++)
            if (matrix[m * ncart + c] !== 0) parities.add(components[3 * c + axis] % 2);
          expect(parities.size).toBe(1);
        }
      }
    }
  });
});

describe('two-electron integrals of a symmetric molecule', () => {
  it('equal, every one, what the quartet kernel computes for that quartet (mirror images written, not computed)', () => {
    for (const geometry of [WATER, ETHYLENE]) {
      const basis = buildBasisSet(parseMolecule(geometry), geometry === WATER ? 'cc-pvdz' : '6-31g*');
      const eri = electronRepulsionIntegrals(basis);
      const kernel = new QuartetKernel();
      const { shells } = basis;
      const pairs = shells.flatMap((a, i) => shells.slice(0, i + 1).map((b) => buildShellPair(a, b)));
      let largest = 0;
      for (let i = 0; i < pairs.length; i++) {
        for (let j = 0; j <= i; j++) {
          kernel.compute(pairs[i], pairs[j]);
          const ncd = pairs[j].nab;
          for (let ab = 0; ab < pairs[i].nab; ab++) {
            for (let cd = 0; cd < ncd; cd++) {
              const stored = eri.get(pairs[i].pairIndices[ab], pairs[j].pairIndices[cd]);
              largest = Math.max(largest, Math.abs(stored - kernel.out[ab * ncd + cd]));
            }
          }
        }
      }
      expect(largest).toBeLessThan(1e-13);
    }
  });
});

describe('integrals stored by parity class', () => {
  it('keep only pairs of one class (the kernel test above checks that the rest vanish)', () => {
    // N2 on the z axis: the x and y reflections fix both atoms, so 4 classes (σ, πx, πy, δxy).
    const n2 = electronRepulsionIntegrals(buildBasisSet(parseMolecule('N 0 0 0;N 0 0 1.0'), '6-31g'));
    const full = pairCount(pairCount(n2.nbf));
    expect(n2.members).toHaveLength(4);
    expect(n2.values.length / full).toBeLessThan(1 / 3);
    // Water in the yz plane: the x reflection fixes every atom; with no such reflection nothing is left out.
    const water = electronRepulsionIntegrals(buildBasisSet(parseMolecule(WATER), 'cc-pvdz'));
    expect(water.members).toHaveLength(2);
    const skew = electronRepulsionIntegrals(
      buildBasisSet(parseMolecule('N 0.3 0.2 1.2;O 0 0 0;H 1 -0.5 0.2'), 'sto-3g'),
    );
    expect(skew.members).toHaveLength(1);
    expect(skew.values.length).toBe(pairCount(pairCount(skew.nbf)));
  });

  it('give RHF orbitals of one class each, N2’s π pair as πx and πy', () => {
    const chem = buildHamiltonian({
      geometry: 'N 0 0 0;N 0 0 1.0',
      basis: '6-31g',
      frozenOrbitals: [0, 1],
      activeOrbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    });
    const { h1, norb } = chem.hamiltonian!;
    // Orbitals of different classes do not meet: a π orbital couples to no π orbital of the other axis.
    const couplings = Array.from({ length: norb }, (_, p) =>
      Array.from({ length: norb }, (_, q) => q).filter((q) => q !== p && h1[p * norb + q] !== 0),
    );
    const blocks = new Set(couplings.map((list, p) => JSON.stringify([p, ...list].sort((a, b) => a - b))));
    // σ, πx, πy and their partners: no orbital couples outside its own block.
    for (const block of blocks) {
      const members: number[] = JSON.parse(block);
      for (const p of members) expect([p, ...couplings[p]].sort((a, b) => a - b)).toEqual(members);
    }
    expect(blocks.size).toBeGreaterThan(2);
  });
});
