import { BOND_KEY_PATTERN } from './bond-keys.ts';
import { parseGeometry, type GeometryAtom } from './molecule.ts';

/**
 * The scan builder (issue 30 §5): bond lengths from start, stop and step (or a list), and each length's
 * geometry built from the first molecule by stretching one bond. Pure, so the form and any server check agree.
 */

/** Below this a bond is a typing mistake (the engine refuses nuclei closer than 0.1 bohr ≈ 0.053 Å). */
export const MIN_SCAN_BOND_LENGTH = 0.1;
/** Lengths are rounded to this many decimals, so 0.7 + 3 × 0.1 is 1.0 and not 0.9999999999999999. */
const LENGTH_DECIMALS = 6;
/** Moved coordinates likewise: float noise past this would only clutter the geometry. */
const COORDINATE_DECIMALS = 8;

export const SCAN_BUILDER_MESSAGES = {
  template: 'The first molecule must be a valid geometry (El x y z; ...) with at least two atoms.',
  bond: 'Choose two different atoms of the first molecule.',
  coincident: 'The two atoms of the bond are at the same place; the bond has no direction.',
  step: 'Step must be a positive number.',
  length: `Bond lengths must be numbers of at least ${MIN_SCAN_BOND_LENGTH} Å.`,
  list: 'List the bond lengths as numbers separated by commas or spaces.',
  duplicate: 'Each bond length may appear once.',
  tooMany: (count: number, max: number) => `That makes ${count} bond lengths; a scan holds at most ${max}.`,
} as const;

export type ScanLengthsResult = { ok: true; lengths: number[] } | { ok: false; message: string };

const rounded = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** start, start ± step, … up to stop (included when a whole number of steps reaches it), either direction. */
export function scanRangeLengths(start: number, stop: number, step: number, max: number): ScanLengthsResult {
  if (!(Number.isFinite(step) && step > 0)) return { ok: false, message: SCAN_BUILDER_MESSAGES.step };
  if (![start, stop].every((length) => Number.isFinite(length) && length >= MIN_SCAN_BOND_LENGTH))
    return { ok: false, message: SCAN_BUILDER_MESSAGES.length };
  // The tolerance lets 1.0 to 2.0 by 0.1 reach 2.0 despite the division's rounding.
  const count = Math.floor(Math.abs(stop - start) / step + 1e-9) + 1;
  if (count > max) return { ok: false, message: SCAN_BUILDER_MESSAGES.tooMany(count, max) };
  const direction = stop >= start ? 1 : -1;
  const lengths = Array.from({ length: count }, (_, i) =>
    rounded(start + direction * i * step, LENGTH_DECIMALS),
  );
  return { ok: true, lengths };
}

/** An explicit list: '0.9, 1.2 1.6'. */
export function scanListLengths(text: string, max: number): ScanLengthsResult {
  const fields = text.split(/[\s,;]+/).filter((field) => field !== '');
  const lengths = fields.map(Number);
  if (fields.length === 0 || lengths.some((length) => !Number.isFinite(length)))
    return { ok: false, message: SCAN_BUILDER_MESSAGES.list };
  if (lengths.some((length) => length < MIN_SCAN_BOND_LENGTH))
    return { ok: false, message: SCAN_BUILDER_MESSAGES.length };
  const keys = lengths.map(scanBondKey);
  if (new Set(keys).size !== keys.length) return { ok: false, message: SCAN_BUILDER_MESSAGES.duplicate };
  if (lengths.length > max) return { ok: false, message: SCAN_BUILDER_MESSAGES.tooMany(lengths.length, max) };
  return { ok: true, lengths: lengths.map((length) => rounded(length, LENGTH_DECIMALS)) };
}

/** A length as a bond-length key: always with a decimal point ('2.0', '1.25'), as BOND_KEY_PATTERN asks. */
export function scanBondKey(length: number): string {
  const text = String(rounded(length, LENGTH_DECIMALS));
  const key = text.includes('.') ? text : `${text}.0`;
  if (!BOND_KEY_PATTERN.test(key)) throw new Error(`not a bond length: ${length}`);
  return key;
}

/** The atoms of a template geometry, or null when it cannot serve (unparseable, or fewer than two atoms). */
export function scanTemplateAtoms(geometry: string): GeometryAtom[] | null {
  const atoms = parseGeometry(geometry);
  return atoms !== null && atoms.length >= 2 ? atoms : null;
}

export interface ScanBond {
  /** Indices into the template's atoms: `from` stays, `to` and the atoms beyond it along the bond move. */
  from: number;
  to: number;
}

const formatCoordinate = (value: number) => String(rounded(value, COORDINATE_DECIMALS));
const atomText = ({ symbol, x, y, z }: GeometryAtom) =>
  `${symbol} ${formatCoordinate(x)} ${formatCoordinate(y)} ${formatCoordinate(z)}`;

/**
 * The template with the bond stretched to `length` Å: atom `to`, and every atom at or beyond it along the
 * bond's direction (its projection on the axis from `from` at least `to`'s), move together along the axis,
 * so substituents on the far side keep their places relative to `to` and the near side stays put.
 */
export function stretchBond(atoms: readonly GeometryAtom[], bond: ScanBond, length: number): string {
  const a = atoms[bond.from];
  const b = atoms[bond.to];
  const axis = [b.x - a.x, b.y - a.y, b.z - a.z];
  const current = Math.hypot(axis[0], axis[1], axis[2]);
  const unit = axis.map((component) => component / current);
  const along = (atom: GeometryAtom) =>
    (atom.x - a.x) * unit[0] + (atom.y - a.y) * unit[1] + (atom.z - a.z) * unit[2];
  // A hair of tolerance keeps atoms in line with `to` (a linear chain) on the moving side.
  const threshold = current - 1e-9;
  const shift = length - current;
  return atoms
    .map((atom, index) =>
      index !== bond.from && (index === bond.to || along(atom) >= threshold)
        ? atomText({
            ...atom,
            x: atom.x + shift * unit[0],
            y: atom.y + shift * unit[1],
            z: atom.z + shift * unit[2],
          })
        : atomText(atom),
    )
    .join('; ');
}

export type ScanMoleculesResult =
  { ok: true; molecules: Record<string, string> } | { ok: false; message: string };

/** The scan's molecules keyed by bond length, in the order of `lengths`, each built from the template. */
export function buildScanMolecules(
  template: string,
  bond: ScanBond,
  lengths: readonly number[],
): ScanMoleculesResult {
  const atoms = scanTemplateAtoms(template);
  if (atoms === null) return { ok: false, message: SCAN_BUILDER_MESSAGES.template };
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < atoms.length;
  if (!inRange(bond.from) || !inRange(bond.to) || bond.from === bond.to)
    return { ok: false, message: SCAN_BUILDER_MESSAGES.bond };
  const [a, b] = [atoms[bond.from], atoms[bond.to]];
  if (Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z) === 0)
    return { ok: false, message: SCAN_BUILDER_MESSAGES.coincident };
  return {
    ok: true,
    molecules: Object.fromEntries(
      lengths.map((length) => [scanBondKey(length), stretchBond(atoms, bond, length)]),
    ),
  };
}
