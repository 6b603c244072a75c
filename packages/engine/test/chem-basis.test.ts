import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertGbs, formatBasis } from '../scripts/gbs.ts';
import { buildBasisSet } from '../src/chem/basis/shells.ts';
import {
  EngineInputError,
  normaliseBasisName,
  SUPPORTED_BASES,
  SUPPORTED_ELEMENTS,
} from '../src/chem/index.ts';
import { parseMolecule } from '../src/chem/molecule.ts';

describe('basis set names', () => {
  it.each([
    ['sto3g', 'sto-3g'],
    ['STO-3G', 'sto-3g'],
    ['631g', '6-31g'],
    ['6-31G', '6-31g'],
    ['631gd', '6-31g*'],
    ['6-31g*', '6-31g*'],
    ['631gdp', '6-31g**'],
    ['6-31G**', '6-31g**'],
    ['ccpvdz', 'cc-pvdz'],
    ['cc-pVDZ', 'cc-pvdz'],
    ['ccpvtz', 'cc-pvtz'],
    ['cc-pvtz', 'cc-pvtz'],
    ['ccpvqz', 'cc-pvqz'],
    ['CC-PVQZ', 'cc-pvqz'],
    ['augccpvdz', 'aug-cc-pvdz'],
    ['aug-cc-pVDZ', 'aug-cc-pvdz'],
    ['augccpvtz', 'aug-cc-pvtz'],
    [' aug-cc-pvtz ', 'aug-cc-pvtz'],
  ])('%s → %s', (spelling, canonical) => {
    expect(normaliseBasisName(spelling)).toBe(canonical);
  });

  it('lists the nine supported sets and refuses others by name', () => {
    expect(SUPPORTED_BASES).toEqual([
      'sto-3g',
      '6-31g',
      '6-31g*',
      '6-31g**',
      'cc-pvdz',
      'cc-pvtz',
      'cc-pvqz',
      'aug-cc-pvdz',
      'aug-cc-pvtz',
    ]);
    expect(() => normaliseBasisName('def2-svp')).toThrow(EngineInputError);
    expect(() => normaliseBasisName('def2-svp')).toThrow(/unknown basis set 'def2-svp'.*sto-3g/);
  });
});

describe('basis set data', () => {
  it.each(SUPPORTED_BASES)('%s covers every element H–Ar', (basis) => {
    for (const [index, symbol] of SUPPORTED_ELEMENTS.entries()) {
      const atom = { symbol, charge: index + 1, x: 0, y: 0, z: 0 };
      expect(buildBasisSet({ atoms: [atom], electrons: atom.charge }, basis).nbf).toBeGreaterThan(0);
    }
  });

  // Spherical function counts: Ar is [1s2s3s 2p3p] in STO-3G … [6s5p3d2f1g] in cc-pVQZ.
  it.each([
    ['sto-3g', 9, 7],
    ['6-31g', 13, 13],
    ['6-31g*', 18, 18],
    ['6-31g**', 18, 24],
    ['cc-pvdz', 18, 24],
    ['cc-pvtz', 34, 58],
    ['cc-pvqz', 59, 115],
    ['aug-cc-pvdz', 27, 41],
    ['aug-cc-pvtz', 50, 92],
  ])('%s: Ar has %i functions, H2O %i', (basis, argon, water) => {
    expect(buildBasisSet(parseMolecule('Ar 0 0 0'), basis).nbf).toBe(argon);
    expect(buildBasisSet(parseMolecule('O 0 0 0;H 0 0.76 -0.47;H 0 -0.76 -0.47'), basis).nbf).toBe(water);
  });

  it('merges general contractions: cc-pVQZ oxygen has one s shell of several contractions', () => {
    const shells = buildBasisSet(parseMolecule('O 0 0 0'), 'cc-pvqz').shells.filter((shell) => shell.l === 0);
    expect(shells.some((shell) => shell.contractions > 1)).toBe(true);
  });

  it('converts the psi4 format: comments, SP shells split in two, Fortran exponents, every element H–Ar', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gbs-'));
    const block = (symbol: string) => [
      `${symbol}     0`,
      'S   2   1.00',
      '      3.4252509D+00   0.1543290',
      '      0.6239137     0.5353281',
      '****',
    ];
    const text = [
      '! a comment line',
      'spherical',
      '****',
      'H     0',
      'S   1   1.00',
      '      0.1688554      1.0000000 ! trailing comment',
      'SP   1   1.00',
      '      0.5   0.25   0.75',
      '****',
      ...SUPPORTED_ELEMENTS.filter((symbol) => symbol !== 'H').flatMap(block),
      'Kr     0',
      'S   1   1.00',
      '      1.0   1.0',
      '****',
    ].join('\n');
    writeFileSync(path.join(dir, 'tiny.gbs'), text);
    try {
      const basis = convertGbs(dir, 'tiny', 'TINY', 'test data');
      expect(basis.source).toBe('test data, tiny.gbs');
      expect(Object.keys(basis.elements)).toEqual([...SUPPORTED_ELEMENTS]);
      expect(basis.elements.H).toEqual([
        [0, [0.1688554], [1]],
        [0, [0.5], [0.25]],
        [1, [0.5], [0.75]],
      ]);
      expect(basis.elements.Ar).toEqual([[0, [3.4252509, 0.6239137], [0.154329, 0.5353281]]]);
      expect(JSON.parse(formatBasis(basis))).toEqual(basis);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses a file missing an element or with a line it does not understand', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gbs-'));
    try {
      writeFileSync(
        path.join(dir, 'short.gbs'),
        ['H     0', 'S   1   1.00', '  1.0  1.0', '****'].join('\n'),
      );
      expect(() => convertGbs(dir, 'short', 'SHORT', 'test')).toThrow(/no data for He/);
      writeFileSync(
        path.join(dir, 'odd.gbs'),
        ['H     0', 'S   1   1.00', '  1.0  1.0', 'what is this'].join('\n'),
      );
      expect(() => convertGbs(dir, 'odd', 'ODD', 'test')).toThrow(/unexpected line 'what is this'/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
