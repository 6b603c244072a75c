import { describe, expect, it } from 'vitest';
import {
  checkMoleculeInput,
  planReference,
  type MoleculeInput,
  type ReferenceInput,
} from '../src/chem/input-check.ts';
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

describe('planReference', () => {
  const n2 = (overrides: Partial<ReferenceInput> = {}): ReferenceInput => ({
    geometry: 'N 0 0 0;N 0 0 1.1',
    basis: 'cc-pvdz',
    activeOrbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    frozenOrbitals: [0, 1],
    maxStates: 150,
    exactEnergy: null,
    computeReference: false,
    ...overrides,
  });

  it('names max_states, not the CASCI limit, as the reason a default N2 job goes without CASCI', () => {
    expect(planReference(n2())).toEqual({
      determinants: 63_504,
      bytes: 8 * 20 * 63_504,
      limit: null,
      skipped:
        'the full space (63,504 determinants) is larger than max_states (150) and the job did not ask for it (compute_reference)',
    });
    expect(planReference(n2({ computeReference: true }))?.skipped).toBeNull();
    expect(planReference(n2({ maxStates: 63_504 }))?.skipped).toBeNull();
    expect(planReference(n2({ exactEnergy: -109.27 }))?.skipped).toBe('the job gives exact_energy');
  });

  it('says when the space is above the CASCI limit, whatever the job asks', () => {
    const large = planReference(
      n2({ activeOrbitals: Array.from({ length: 16 }, (_, i) => i + 2), computeReference: true }),
    );
    expect(large).toMatchObject({
      determinants: 4368 ** 2,
      limit: '19,079,424 determinants exceed the CASCI limit of 12,000,000',
      skipped: '19,079,424 determinants exceed the CASCI limit of 12,000,000',
    });
  });

  it('has no plan for input the engine refuses or a job without an active space', () => {
    expect(planReference(n2({ geometry: 'Xx 0 0 0' }))).toBeNull();
    expect(planReference(n2({ activeOrbitals: [], frozenOrbitals: [] }))).toBeNull();
  });

  it('is the rule a run follows: compute_reference computes what auto would skip', async () => {
    const lines: string[] = [];
    const lih = {
      molecule_geometry: 'Li 0 0 0;H 0 0 1.6',
      basis: 'sto-3g',
      active_orbitals: [0, 1, 2, 3, 4, 5],
      frozen_orbitals: [],
      max_states: 100,
      max_iter: 1,
      shots: 50,
    };
    const skipped = await runHiVqe(lih, { references: new Map() });
    expect(skipped.eCasci).toBeNull();
    expect(skipped.referenceSkipReason).toBe(
      planReference({
        geometry: lih.molecule_geometry,
        basis: lih.basis,
        activeOrbitals: lih.active_orbitals,
        frozenOrbitals: [],
        maxStates: 100,
        exactEnergy: null,
        computeReference: false,
      })?.skipped,
    );
    const asked = await runHiVqe(
      { ...lih, compute_reference: 'true' },
      { references: new Map(), onLog: (line) => lines.push(line) },
    );
    expect(asked.eCasci).toBeCloseTo(-7.882324379, 6);
    expect(asked.referenceSkipReason).toBeNull();
    expect(lines.some((line) => line.startsWith('CASCI (6o, 4e): 225 determinants'))).toBe(true);
  });
});
