import type { ElementSymbol } from '../elements.ts';
import { EngineInputError } from '../errors.ts';
import { findCatalogEntry } from './catalog.ts';
import type { StoredBasis, StoredShell } from './data-format.ts';
import augCcPvdz from './data/aug-cc-pvdz.json' with { type: 'json' };
import augCcPvtz from './data/aug-cc-pvtz.json' with { type: 'json' };
import ccPvdz from './data/cc-pvdz.json' with { type: 'json' };
import ccPvqz from './data/cc-pvqz.json' with { type: 'json' };
import ccPvtz from './data/cc-pvtz.json' with { type: 'json' };
import pople631g from './data/6-31g.json' with { type: 'json' };
import pople631gs from './data/6-31gs.json' with { type: 'json' };
import pople631gss from './data/6-31gss.json' with { type: 'json' };
import sto3g from './data/sto-3g.json' with { type: 'json' };

/** Keyed by the catalog's `file` stem. */
const RAW_DATA: Record<string, unknown> = {
  'sto-3g': sto3g,
  '6-31g': pople631g,
  '6-31gs': pople631gs,
  '6-31gss': pople631gss,
  'cc-pvdz': ccPvdz,
  'cc-pvtz': ccPvtz,
  'cc-pvqz': ccPvqz,
  'aug-cc-pvdz': augCcPvdz,
  'aug-cc-pvtz': augCcPvtz,
};

/** The stored shells of one element in the named basis (any accepted spelling). */
export function elementShells(basisName: string, symbol: ElementSymbol): readonly StoredShell[] {
  const entry = findCatalogEntry(basisName);
  const shells = checkedBasis(entry.file).elements[symbol];
  if (shells === undefined)
    throw new EngineInputError(`basis set ${entry.name} has no functions for ${symbol}`);
  return shells;
}

const checked = new Map<string, StoredBasis>();

function checkedBasis(file: string): StoredBasis {
  let basis = checked.get(file);
  if (basis === undefined) {
    basis = asStoredBasis(RAW_DATA[file], file);
    checked.set(file, basis);
  }
  return basis;
}

/** The JSON is ours, but a hand edit or a bad regeneration should fail loudly rather than compute nonsense. */
function asStoredBasis(raw: unknown, file: string): StoredBasis {
  const fail = (): never => {
    throw new Error(`basis data file ${file}.json is malformed; regenerate it with scripts/convert-basis.ts`);
  };
  if (typeof raw !== 'object' || raw === null || !('elements' in raw)) return fail();
  const elements = raw.elements;
  if (typeof elements !== 'object' || elements === null) return fail();
  for (const shells of Object.values(elements)) {
    if (!Array.isArray(shells) || !shells.every(isStoredShell)) fail();
  }
  return raw as StoredBasis;
}

function isStoredShell(shell: unknown): shell is StoredShell {
  if (!Array.isArray(shell) || shell.length !== 3) return false;
  const [l, exponents, coefficients] = shell as unknown[];
  return (
    Number.isInteger(l) &&
    isNumberArray(exponents) &&
    isNumberArray(coefficients) &&
    exponents.length > 0 &&
    exponents.length === coefficients.length &&
    exponents.every((exponent) => exponent > 0)
  );
}

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
}
