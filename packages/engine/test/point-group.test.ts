import { describe, expect, it } from 'vitest';
import { parseAtoms } from '../src/chem/molecule.ts';
import { abelianPointGroup } from '../src/chem/point-group.ts';

const groupOf = (geometry: string) => abelianPointGroup(parseAtoms(geometry));

/** Each molecule's largest Abelian subgroup, as Psi4 and PySCF name it. */
describe('abelianPointGroup', () => {
  it.each([
    ['a single atom (Kh)', 'Ne 0 0 0', 'D2h'],
    ['N2 (D∞h)', 'N 0 0 0;N 0 0 1.1', 'D2h'],
    ['N2 along a diagonal, off the origin', 'N 1 1 1;N 1.635 1.635 1.635', 'D2h'],
    ['CO2 (D∞h)', 'O 0 0 -1.16;C 0 0 0;O 0 0 1.16', 'D2h'],
    ['LiH (C∞v)', 'Li 0 0 0;H 0 0 1.6', 'C2v'],
    ['HCN (C∞v), along x', 'H -1.064 0 0;C 0 0 0;N 1.156 0 0', 'C2v'],
    ['H2O (C2v)', 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692', 'C2v'],
    ['H2O rotated in its plane', 'O 0 0 0;H 0.9572 0 0;H -0.2400 0.9266 0', 'C2v'],
    ['NH3 (C3v)', 'N 0 0 0.1;H 0 0.94 -0.27;H 0.814 -0.47 -0.27;H -0.814 -0.47 -0.27', 'Cs'],
    ['BF3 (D3h)', 'B 0 0 0;F 1.3 0 0;F -0.65 1.1258 0;F -0.65 -1.1258 0', 'C2v'],
    [
      'CH4 (Td)',
      'C 0 0 0;H 0.629 0.629 0.629;H -0.629 -0.629 0.629;H -0.629 0.629 -0.629;H 0.629 -0.629 -0.629',
      'D2',
    ],
    [
      'ethylene (D2h)',
      'C 0 0 0.667;C 0 0 -0.667;H 0 0.923 1.238;H 0 -0.923 1.238;H 0 0.923 -1.238;H 0 -0.923 -1.238',
      'D2h',
    ],
    ['trans-HOOH, planar (C2h)', 'O 0 0.7 0;O 0 -0.7 0;H 0.9 0.95 0;H -0.9 -0.95 0', 'C2h'],
    ['HOOH (C2)', 'O 0 0.7 0;O 0 -0.7 0;H 0.9 0.95 0.3;H -0.9 -0.95 0.3', 'C2'],
    ['HOCl (Cs)', 'O 0 0 0;H 0.96 0 0;Cl -0.4 1.6 0', 'Cs'],
    [
      'an inverted pair (Ci)',
      'O 0.3 0.4 0.5;O -0.3 -0.4 -0.5;H 1.1 0.2 -0.4;H -1.1 -0.2 0.4;F 0.5 -1.2 0.3;F -0.5 1.2 -0.3',
      'Ci',
    ],
    ['no symmetry (C1)', 'C 0 0 0;H 1.09 0 0;F -0.4 1.2 0.1;Cl -0.3 -0.9 1.4', 'C1'],
  ])('%s: %s', (_name, geometry, group) => {
    expect(groupOf(geometry)).toBe(group);
  });

  it('benzene (D6h) in a frame turned about its axis: D2h', () => {
    const ring = Array.from({ length: 6 }, (_, k) => {
      const angle = (k * Math.PI) / 3 + 0.3;
      const c = `C ${(1.39 * Math.cos(angle)).toFixed(6)} ${(1.39 * Math.sin(angle)).toFixed(6)} 0`;
      const h = `H ${(2.47 * Math.cos(angle)).toFixed(6)} ${(2.47 * Math.sin(angle)).toFixed(6)} 0`;
      return `${c};${h}`;
    });
    expect(groupOf(ring.join(';'))).toBe('D2h');
  });
});
