import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StringSet } from '../src/ci/strings.ts';
import { leadingDeterminants, occupationText } from '../src/hivqe/leading-determinants.ts';
import { runHiVqe } from '../src/hivqe/run.ts';
import { chemicalSpecification } from '../src/hivqe/specification.ts';
import { ENGINE_VERSION } from '../src/version.ts';

describe('leading determinants', () => {
  it('writes occupations lowest orbital first', () => {
    expect(occupationText(0b0011, 4)).toBe('1100');
    expect(occupationText(0b0101, 4)).toBe('1010');
  });

  it('lists the heaviest determinants first, with coefficient and weight', () => {
    const strings = new StringSet([0b01, 0b10]);
    // [alpha][beta]: |01,01> 0.9, |01,10> = |10,01> 0.3, |10,10> −0.1 (not normalised: only order matters here).
    const vector = Float64Array.from([0.9, 0.3, 0.3, -0.1]);
    const leading = leadingDeterminants({ strings, vector, energy: 0 }, 2, 3);
    expect(leading).toEqual([
      { alpha: '10', beta: '10', coefficient: 0.9, weight: 0.81 },
      { alpha: '10', beta: '01', coefficient: 0.3, weight: 0.09 },
      { alpha: '01', beta: '10', coefficient: 0.3, weight: 0.09 },
    ]);
  });

  it("are part of an H2 run's result: the Hartree-Fock determinant leads, the weights sum to at most 1", async () => {
    const result = await runHiVqe({
      molecule_geometry: 'H 0 0 0;H 0 0 0.74',
      basis: 'sto-3g',
      active_orbitals: [0, 1],
      frozen_orbitals: [],
      max_iter: 3,
    });
    const [first, ...rest] = result.leadingDeterminants;
    expect(first).toMatchObject({ alpha: '10', beta: '10' });
    expect(first.weight).toBeGreaterThan(0.9);
    expect(rest.find((d) => d.alpha === '01' && d.beta === '01')?.weight).toBeGreaterThan(0);
    const total = result.leadingDeterminants.reduce((sum, d) => sum + d.weight, 0);
    expect(total).toBeCloseTo(1, 9);
  });
});

describe('chemical specification', () => {
  it('counts the electrons of the molecule and of its active space', () => {
    expect(
      chemicalSpecification({
        molecule_geometry: 'Li 0 0 0;H 0 0 1.6',
        basis: 'sto3g',
        active_orbitals: '[1,2,3,4,5]',
        frozen_orbitals: '0',
      }),
    ).toEqual({
      charge: 0,
      multiplicity: 1,
      basis: 'sto-3g',
      electrons: 4,
      molecularPointGroup: 'C2v',
      activeSpace: {
        electrons: 2,
        orbitals: 5,
        frozenCore: 1,
        activeOrbitals: [1, 2, 3, 4, 5],
        frozenOrbitals: [0],
        pointGroup: 'C1',
      },
    });
  });
});

it("names the engine's version as package.json does", () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(ENGINE_VERSION).toBe(manifest.version);
});
