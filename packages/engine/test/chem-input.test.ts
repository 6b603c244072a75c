import { describe, expect, it } from 'vitest';
import { buildHamiltonian, EngineInputError, type ChemInput } from '../src/chem/index.ts';
import { MAX_ACTIVE_ORBITALS, MAX_BASIS_FUNCTIONS } from '../src/chem/limits.ts';
import { BOHR_IN_ANGSTROM, nuclearRepulsion, parseMolecule } from '../src/chem/molecule.ts';

const N2 = 'N 0 0 0;N 0 0 1.0';
const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);
const input = (overrides: Partial<ChemInput>): ChemInput => ({
  geometry: N2,
  basis: 'sto3g',
  frozenOrbitals: [],
  activeOrbitals: [],
  ...overrides,
});

/** The error `build` throws, failing the test if it returns. */
function thrown(build: () => unknown): unknown {
  try {
    build();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function expectInputError(build: () => unknown, message: RegExp): void {
  const error = thrown(build);
  expect(error).toBeInstanceOf(EngineInputError);
  expect((error as Error).message).toMatch(message);
}

describe('molecule_geometry', () => {
  it('reads ångström, tolerating case, spacing, empty parts and a Unicode minus', () => {
    const molecule = parseMolecule(' o 0 0 0.1173 ; H 0\t0.7572 −0.4692;h 0 -0.7572 -4.692e-1 ;; ');
    expect(molecule.atoms.map((atom) => atom.symbol)).toEqual(['O', 'H', 'H']);
    expect(molecule.electrons).toBe(10);
    expect(molecule.atoms[1].z).toBeCloseTo(-0.4692 / BOHR_IN_ANGSTROM, 14);
    expect(parseMolecule('CL 0 0 0;cl 0 0 2').atoms.map((atom) => atom.symbol)).toEqual(['Cl', 'Cl']);
  });

  it('computes the nuclear repulsion in bohr with PySCF’s ångström/bohr factor', () => {
    // H2 at exactly 1.4 bohr: 1/1.4.
    const molecule = parseMolecule(`H 0 0 0;H 0 0 ${1.4 * 0.52917721092}`);
    expect(nuclearRepulsion(molecule)).toBeCloseTo(1 / 1.4, 14);
  });

  it.each([
    ['Xx 0 0 0;H 0 0 1', /atom 1: unknown or unsupported element 'Xx'.*H to Ar/],
    ['K 0 0 0;H 0 0 2', /unknown or unsupported element 'K'/],
    ['H 0 0;H 0 0 1', /atom 1 \('H 0 0'\) is not of the form 'El x y z'/],
    ['H 0 0 0;H 0 0 one', /atom 2 .* is not of the form/],
    ['', /molecule_geometry is empty/],
    [' ; ', /molecule_geometry is empty/],
    ['H 0 0 0', /1 electrons, an odd number/],
    ['N 0 0 0;O 0 0 1.1', /15 electrons, an odd number/],
    ['H 0 0 0;H 0 0 0', /atoms 1 and 2 are at \(almost\) the same position/],
  ])('refuses %j', (geometry, message) => {
    expectInputError(() => buildHamiltonian(input({ geometry })), message);
  });
});

describe('basis and orbital spaces', () => {
  it('refuses an unknown basis set', () => {
    expectInputError(() => buildHamiltonian(input({ basis: '6-311g' })), /unknown basis set '6-311g'/);
  });

  it.each([
    [
      { activeOrbitals: range(2, 11), frozenOrbitals: [0, 1] },
      /active_orbitals 2\.\.11 do not fit: .* 10 orbitals/,
    ],
    [{ activeOrbitals: [2, 3], frozenOrbitals: [0, 1, 7] }, /frozen_orbitals 7 are not occupied; only the 7/],
    [
      { activeOrbitals: range(1, 9), frozenOrbitals: [0, 1] },
      /orbitals 1 are listed as both frozen and active/,
    ],
    [
      { activeOrbitals: range(2, 9), frozenOrbitals: [] },
      /occupied orbitals 0, 1 are neither frozen nor active/,
    ],
    [
      { activeOrbitals: [2, 2, 3, 4, 5, 6], frozenOrbitals: [0, 1] },
      /active_orbitals lists 2 more than once/,
    ],
    [{ activeOrbitals: [], frozenOrbitals: [0] }, /frozen_orbitals were given without active_orbitals/],
    [{ activeOrbitals: [-1, ...range(2, 6)], frozenOrbitals: [0, 1] }, /-1 out of range/],
    [{ activeOrbitals: [1.5], frozenOrbitals: [0] }, /1\.5 out of range/],
    [{ activeOrbitals: [7, 8, 9], frozenOrbitals: range(0, 6) }, /the active space has no electrons/],
  ])('refuses %j before computing anything', (spaces, message) => {
    const start = performance.now();
    expectInputError(() => buildHamiltonian(input(spaces)), message);
    expect(performance.now() - start).toBeLessThan(200);
  });

  it('accepts active orbitals in any order and returns them ascending', () => {
    const result = buildHamiltonian(
      input({ frozenOrbitals: [1, 0], activeOrbitals: [9, 2, 8, 3, 7, 4, 6, 5] }),
    );
    expect(result.hamiltonian?.norb).toBe(8);
    expect(result.hamiltonian?.nalpha).toBe(5);
  });
});

describe('size limits', () => {
  it(`refuses more than ${MAX_BASIS_FUNCTIONS} basis functions before allocating anything`, () => {
    const benzene = [
      'C 0 1.397 0;C 1.2098 0.6985 0;C 1.2098 -0.6985 0;C 0 -1.397 0;C -1.2098 -0.6985 0;C -1.2098 0.6985 0',
      'H 0 2.481 0;H 2.1486 1.2405 0;H 2.1486 -1.2405 0;H 0 -2.481 0;H -2.1486 -1.2405 0;H -2.1486 1.2405 0',
    ].join(';');
    const start = performance.now();
    expectInputError(
      () => buildHamiltonian(input({ geometry: benzene, basis: 'cc-pvtz' })),
      new RegExp(`264 basis functions in cc-pvtz; the engine handles at most ${MAX_BASIS_FUNCTIONS}`),
    );
    expect(performance.now() - start).toBeLessThan(200);
  });

  it(`refuses more than ${MAX_ACTIVE_ORBITALS} active orbitals`, () => {
    const water = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
    expectInputError(
      () => buildHamiltonian(input({ geometry: water, basis: 'aug-cc-pvtz', activeOrbitals: range(0, 70) })),
      new RegExp(`71 orbitals; the engine handles at most ${MAX_ACTIVE_ORBITALS}`),
    );
  });
});

describe('cancellation', () => {
  it('throws the signal’s reason when already aborted', () => {
    const controller = new AbortController();
    controller.abort();
    expect((thrown(() => buildHamiltonian(input({}), { signal: controller.signal })) as Error).name).toBe(
      'AbortError',
    );
  });

  it.each([
    ['during the integrals', /basis functions/],
    ['during the SCF', /RHF iteration 2:/],
  ])('stops promptly when aborted %s', (_, trigger) => {
    const controller = new AbortController();
    const log: string[] = [];
    const onLog = (line: string): void => {
      log.push(line);
      if (trigger.test(line)) controller.abort();
    };
    const build = (): unknown =>
      buildHamiltonian(input({ basis: 'cc-pvdz', frozenOrbitals: [0, 1], activeOrbitals: range(2, 9) }), {
        signal: controller.signal,
        onLog,
      });
    expect((thrown(build) as Error).name).toBe('AbortError');
    expect(log.some((line) => line.startsWith('RHF converged'))).toBe(false);
  });
});
