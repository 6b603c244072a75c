import { describe, expect, it } from 'vitest';
import { checkMoleculeInput, type MoleculeInput } from '../src/chem/input-check.ts';
import { buildHamiltonian, EngineInputError } from '../src/chem/index.ts';
import { runHiVqe } from '../src/index.ts';

/** HeH+: 2 electrons at charge +1; neutral it has 3. */
const HEH = 'He 0 0 0;H 0 0 0.772';
const h2 = (overrides: Partial<MoleculeInput> = {}): MoleculeInput => ({
  geometry: 'H 0 0 0;H 0 0 0.74',
  basis: 'sto3g',
  activeOrbitals: [0, 1],
  frozenOrbitals: [],
  ...overrides,
});

describe('checkMoleculeInput', () => {
  it('accepts what buildHamiltonian runs, and names the field of what it refuses', () => {
    expect(checkMoleculeInput(h2())).toBeNull();
    expect(checkMoleculeInput(h2({ geometry: HEH, charge: 1 }))).toBeNull();
    expect(checkMoleculeInput(h2({ basis: '6-311g' }))).toMatchObject({ field: 'basis' });
    expect(checkMoleculeInput(h2({ geometry: 'Xx 0 0 0;H 0 0 1' }))).toEqual({
      field: 'molecule_geometry',
      message: "atom 1: unknown or unsupported element 'Xx' (supported: H to Ar)",
    });
    expect(checkMoleculeInput(h2({ geometry: HEH }))).toMatchObject({
      field: 'charge',
      message: expect.stringMatching(/^the molecule has 3 electrons, an odd number \(at charge 0\)/),
    });
    expect(checkMoleculeInput(h2({ activeOrbitals: [1] }))).toMatchObject({
      field: 'orbitals',
      message: expect.stringMatching(/occupied orbitals 0 are neither frozen nor active/),
    });
    expect(checkMoleculeInput(h2({ activeOrbitals: [0, 1, 2] }))).toMatchObject({
      field: 'orbitals',
      message: expect.stringMatching(/2 out of range/),
    });
  });

  it.each([
    ['H 0 0 0;H 0 0 1e300', /atom 2 \('H 0 0 1e300'\): coordinates must lie within ±1000 Å/],
    ['H -1000.5 0 0;H 0 0 0.74', /atom 1 .*within ±1000 Å/],
    ['H 0 0 0;H 0 0 0.05', /atoms 1 and 2 are at \(almost\) the same position: .* 0\.053 Å apart/],
  ])('refuses %j as the engine does', (geometry, message) => {
    expect(checkMoleculeInput(h2({ geometry }))?.message).toMatch(message);
    expect(() =>
      buildHamiltonian({ ...h2({ geometry }), frozenOrbitals: [], activeOrbitals: [0, 1] }),
    ).toThrow(EngineInputError);
  });

  it('refuses a charge that is not whole or leaves no electrons', () => {
    expect(checkMoleculeInput(h2({ charge: 0.5 }))?.message).toBe('charge must be a whole number, got 0.5');
    expect(checkMoleculeInput(h2({ charge: 2 }))?.message).toBe(
      'charge 2 leaves the molecule (nuclear charge 2) with 0 electrons',
    );
  });
});

describe('charge in a run', () => {
  it('computes the cation: HeH+ from the hyperparameters, 2 electrons in the active space', async () => {
    const hyperparameters = {
      molecule_geometry: HEH,
      charge: '1',
      basis: 'sto3g',
      active_orbitals: '[0,1]',
      frozen_orbitals: '[]',
    };
    const result = await runHiVqe(hyperparameters, { method: 'casci' });
    // The bare cation's STO-3G energy; the neutral radical could not be computed at all.
    expect(result.energy).toBeGreaterThan(-2.9);
    expect(result.energy).toBeLessThan(-2.8);
    await expect(runHiVqe({ ...hyperparameters, charge: '0' }, { method: 'casci' })).rejects.toThrow(
      /3 electrons, an odd number/,
    );
  });
});
