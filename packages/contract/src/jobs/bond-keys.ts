import { DEFAULT_BOND_KEY, defaultGeometry } from './defaults.ts';
import type { JobBonds } from './job-form.ts';

/** Adding, renaming and removing molecules by bond length (jobs.md 2.10, 5 'Molecules'). */

export const BOND_MESSAGES = {
  exists: 'Bond length already exists.',
  required: 'Bond length is required.',
  notANumber: 'Bond length must be a number with a decimal point, such as 1.0.',
} as const;

/**
 * A bond-length key: a decimal with a point ('1.0', '2.45'), as geometry_tag carries it. The point matters:
 * JavaScript objects list integer-like keys ('2') first, which would change which molecule is the first.
 */
export const BOND_KEY_PATTERN = /^\d+\.\d+$/;

/**
 * The wizards' next key: '{n}.0' with n the count of molecules plus one. Should that key exist already (after
 * a removal), n keeps counting up, so adding never overwrites a molecule.
 */
export function nextWizardBondKey(bonds: JobBonds): string {
  let n = Object.keys(bonds.molecules).length + 1;
  while (Object.hasOwn(bonds.molecules, `${n}.0`)) n += 1;
  return `${n}.0`;
}

/**
 * The newer form's next key: the first one-decimal bond length above the largest, so after '1.0' come '1.1',
 * '1.2', ... and after '2.45' comes '2.5'; '1.0' when there is none. Keys that are not numbers are passed over.
 */
export function nextFormBondKey(bonds: JobBonds): string {
  const tenths = Object.keys(bonds.molecules)
    .filter((key) => BOND_KEY_PATTERN.test(key))
    .map(wholeTenths);
  if (tenths.length === 0) return DEFAULT_BOND_KEY;
  return ((Math.max(...tenths) + 1) / 10).toFixed(1);
}

/** A key's whole tenths, read from its digits ('2.45' → 24) so that no float rounding can intervene. */
function wholeTenths(key: string): number {
  const [whole, fraction] = key.split('.');
  return Number(whole) * 10 + Number(fraction[0]);
}

/** Adds a nitrogen pair at the bond length, without an exact energy. */
export const addBond = (bonds: JobBonds, key: string): JobBonds => ({
  molecules: { ...bonds.molecules, [key]: defaultGeometry(key) },
  exactEnergies: bonds.exactEnergies,
});

export function removeBond(bonds: JobBonds, key: string): JobBonds {
  const { [key]: _molecule, ...molecules } = bonds.molecules;
  const { [key]: _energy, ...exactEnergies } = bonds.exactEnergies;
  return { molecules, exactEnergies };
}

export type RenameResult = { ok: true; bonds: JobBonds } | { ok: false; message: string };

/** Renames a bond length in place, keeping its geometry, its energy and the molecules' order. */
export function renameBond(bonds: JobBonds, from: string, to: string): RenameResult {
  const key = to.trim();
  if (key === from) return { ok: true, bonds };
  if (key === '') return { ok: false, message: BOND_MESSAGES.required };
  if (!BOND_KEY_PATTERN.test(key)) return { ok: false, message: BOND_MESSAGES.notANumber };
  if (Object.hasOwn(bonds.molecules, key)) return { ok: false, message: BOND_MESSAGES.exists };
  const renameKey = (entry: string) => (entry === from ? key : entry);
  return {
    ok: true,
    bonds: {
      molecules: Object.fromEntries(Object.entries(bonds.molecules).map(([k, v]) => [renameKey(k), v])),
      exactEnergies: Object.fromEntries(
        Object.entries(bonds.exactEnergies).map(([k, v]) => [renameKey(k), v]),
      ),
    },
  };
}
