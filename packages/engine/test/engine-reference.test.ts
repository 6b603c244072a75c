import { describe, expect, it } from 'vitest';
import { runHiVqe } from '../src/index.ts';

const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const N2 = 'N 0 0 0;N 0 0 1.0';

/** shared/engine.md, "Reference energies" (PySCF and Psi4 agree on these to 1e-9 Ha). */
const REFERENCE = [
  {
    name: 'H2 sto-3g',
    geometry: 'H 0 0 0;H 0 0 0.74',
    basis: 'sto-3g',
    frozen: [],
    active: [0, 1],
    rhf: -1.116759307,
    casci: -1.137283834,
  },
  {
    name: 'LiH sto-3g',
    geometry: 'Li 0 0 0;H 0 0 1.6',
    basis: 'sto-3g',
    frozen: [],
    active: [0, 1, 2, 3, 4, 5],
    rhf: -7.86186477,
    casci: -7.882324379,
  },
  {
    name: 'H2O sto-3g',
    geometry: H2O,
    basis: 'sto-3g',
    frozen: [0],
    active: [1, 2, 3, 4, 5, 6],
    rhf: -74.963023139,
    casci: -75.012500154,
  },
  {
    name: 'N2 sto-3g',
    geometry: N2,
    basis: 'sto-3g',
    frozen: [0, 1],
    active: [2, 3, 4, 5, 6, 7, 8, 9],
    rhf: -107.419532452,
    casci: -107.548966505,
  },
  {
    name: 'N2 6-31g',
    geometry: N2,
    basis: '6-31g',
    frozen: [0, 1],
    active: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    rhf: -108.835236571,
    casci: -108.916693526,
  },
  {
    name: 'N2 cc-pvdz',
    geometry: N2,
    basis: 'cc-pvdz',
    frozen: [0, 1],
    active: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    rhf: -108.929838386,
    casci: -109.003781139,
  },
];

describe('RHF and CASCI reproduce the reference table to 1e-6 Ha', () => {
  it.each(REFERENCE)('$name', async ({ geometry, basis, frozen, active, rhf, casci }) => {
    const result = await runHiVqe(
      { molecule_geometry: geometry, basis, frozen_orbitals: frozen, active_orbitals: active },
      { method: 'casci' },
    );
    expect(Math.abs(result.eRhf - rhf)).toBeLessThan(1e-6);
    expect(result.eCasci).not.toBeNull();
    expect(Math.abs((result.eCasci as number) - casci)).toBeLessThan(1e-6);
    expect(result.energy).toBe(result.eCasci);
  });
});
