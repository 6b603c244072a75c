import { describe, expect, it } from 'vitest';
import { bondLengthFromGeometry, moleculeName, parseGeometry } from './molecule.ts';

const WATER = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const METHANE = 'C 0 0 0;H 0.63 0.63 0.63;H -0.63 -0.63 0.63;H -0.63 0.63 -0.63;H 0.63 -0.63 -0.63';
const AMMONIA = 'N 0 0 0.12;H 0 0.94 -0.27;H 0.81 -0.47 -0.27;H -0.81 -0.47 -0.27';

describe('moleculeName', () => {
  it.each([
    ['H 0 0 0;H 0 0 0.74', 'H2'],
    ['N 0 0 0;N 0 0 1.0', 'N2'],
    ['Li 0 0 0;H 0 0 1.6', 'LiH'],
    [WATER, 'OHH'],
    [METHANE, 'CHHHH'],
    [AMMONIA, 'NHHH'],
    ['He 0 0 0', 'He'],
    ['H 0 0 0;Li 0 0 1.6', 'HLi'],
    ['H 0 0 0;H 0 0 0.74;', 'H2'],
    ['  N 0 0 0 ;  N 0 0 1.1  ', 'N2'],
    ['', ''],
  ])('%s → %s', (geometry, name) => {
    expect(moleculeName(geometry)).toBe(name);
  });

  it('joins three atoms of one element rather than calling them X2', () => {
    expect(moleculeName('H 0 0 0;H 0 0 1;H 0 0 2')).toBe('HHH');
  });
});

describe('parseGeometry', () => {
  it('reads symbols and coordinates in Å', () => {
    expect(parseGeometry('Li 0 0 0;H 0 0 1.6')).toEqual([
      { symbol: 'Li', x: 0, y: 0, z: 0 },
      { symbol: 'H', x: 0, y: 0, z: 1.6 },
    ]);
  });

  it('accepts commas, exponents, a typeset minus and a trailing semicolon, as the engine does', () => {
    expect(parseGeometry('H 0, 0, \u22120.5;H 0 0 2.4e-1;')).toEqual([
      { symbol: 'H', x: 0, y: 0, z: -0.5 },
      { symbol: 'H', x: 0, y: 0, z: 0.24 },
    ]);
  });

  it.each([[''], [';'], ['N 0 0;N 0 0 1'], ['N 0 0 0 0'], ['N1 0 0 0'], ['N a 0 0'], ['Xyz 0 0 0']])(
    'refuses %j',
    (geometry) => {
      expect(parseGeometry(geometry)).toBeNull();
    },
  );
});

describe('bondLengthFromGeometry', () => {
  it('is the distance between the atoms of a two-atom molecule', () => {
    expect(bondLengthFromGeometry('H 0 0 0;H 0 0 0.74')).toBeCloseTo(0.74, 12);
    expect(bondLengthFromGeometry('N 0 0 0;N 0 0 1.0')).toBe(1);
    expect(bondLengthFromGeometry('H 1 2 3;H 4 6 3')).toBe(5);
  });

  it('is null for one atom, more than two, or an unreadable geometry', () => {
    expect(bondLengthFromGeometry('He 0 0 0')).toBeNull();
    expect(bondLengthFromGeometry(WATER)).toBeNull();
    expect(bondLengthFromGeometry('N 0 0;N 0 0 1')).toBeNull();
  });
});
