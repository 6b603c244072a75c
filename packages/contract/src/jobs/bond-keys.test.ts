import { describe, expect, it } from 'vitest';
import {
  BOND_MESSAGES,
  addBond,
  nextFormBondKey,
  nextWizardBondKey,
  removeBond,
  renameBond,
} from './bond-keys.ts';
import type { JobBonds } from './job-form.ts';

const bonds = (...keys: string[]): JobBonds => ({
  molecules: Object.fromEntries(keys.map((key) => [key, `N 0 0 0;N 0 0 ${key}`])),
  exactEnergies: Object.fromEntries(keys.map((key, i) => [key, -100 - i])),
});

describe('nextWizardBondKey', () => {
  it('is {count + 1}.0', () => {
    expect(nextWizardBondKey(bonds())).toBe('1.0');
    expect(nextWizardBondKey(bonds('1.0'))).toBe('2.0');
    expect(nextWizardBondKey(bonds('1.0', '1.5'))).toBe('3.0');
  });

  it('counts on past a key that exists after a removal', () => {
    expect(nextWizardBondKey(bonds('2.0'))).toBe('3.0');
  });
});

describe('nextFormBondKey', () => {
  it('steps a tenth above the largest bond length', () => {
    expect(nextFormBondKey(bonds('1.0'))).toBe('1.1');
    expect(nextFormBondKey(bonds('1.0', '1.1'))).toBe('1.2');
    expect(nextFormBondKey(bonds('1.0', '1.9'))).toBe('2.0');
    expect(nextFormBondKey(bonds('2.3', '1.0'))).toBe('2.4');
  });

  it('rounds a finer key up to the next tenth', () => {
    expect(nextFormBondKey(bonds('2.45'))).toBe('2.5');
  });

  it('starts at 1.0 and passes over keys that are not bond lengths', () => {
    expect(nextFormBondKey(bonds())).toBe('1.0');
    expect(nextFormBondKey(bonds('eq'))).toBe('1.0');
  });
});

describe('addBond and removeBond', () => {
  it('adds a nitrogen pair at the bond length without an exact energy, leaving the input untouched', () => {
    const before = bonds('1.0');
    const after = addBond(before, '1.1');
    expect(after.molecules).toEqual({ '1.0': 'N 0 0 0;N 0 0 1.0', '1.1': 'N 0 0 0;N 0 0 1.1' });
    expect(after.exactEnergies).toEqual({ '1.0': -100 });
    expect(before).toEqual(bonds('1.0'));
  });

  it('removes a bond length from both maps', () => {
    expect(removeBond(bonds('1.0', '2.0'), '1.0')).toEqual({
      molecules: { '2.0': 'N 0 0 0;N 0 0 2.0' },
      exactEnergies: { '2.0': -101 },
    });
  });
});

describe('renameBond', () => {
  it('renames in place, keeping geometry, energy and order', () => {
    const result = renameBond(bonds('1.0', '2.0'), '1.0', ' 1.5 ');
    expect(result).toEqual({
      ok: true,
      bonds: {
        molecules: { '1.5': 'N 0 0 0;N 0 0 1.0', '2.0': 'N 0 0 0;N 0 0 2.0' },
        exactEnergies: { '1.5': -100, '2.0': -101 },
      },
    });
    if (result.ok) expect(Object.keys(result.bonds.molecules)).toEqual(['1.5', '2.0']);
  });

  it('refuses a bond length that exists', () => {
    expect(renameBond(bonds('1.0', '2.0'), '1.0', '2.0')).toEqual({
      ok: false,
      message: 'Bond length already exists.',
    });
  });

  it('refuses an empty name and one that is not a decimal bond length', () => {
    expect(renameBond(bonds('1.0'), '1.0', ' ')).toEqual({ ok: false, message: BOND_MESSAGES.required });
    expect(renameBond(bonds('1.0'), '1.0', '2')).toEqual({ ok: false, message: BOND_MESSAGES.notANumber });
    expect(renameBond(bonds('1.0'), '1.0', 'long')).toEqual({ ok: false, message: BOND_MESSAGES.notANumber });
  });

  it('accepts renaming a key to itself', () => {
    const unchanged = bonds('1.0');
    expect(renameBond(unchanged, '1.0', '1.0')).toEqual({ ok: true, bonds: unchanged });
  });
});
