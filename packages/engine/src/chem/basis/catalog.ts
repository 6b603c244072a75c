import { EngineInputError } from '../errors.ts';

interface CatalogEntry {
  /** Canonical name, as Basis Set Exchange spells it. */
  name: string;
  /** Other spellings the forms send (compared case-insensitively). */
  aliases: readonly string[];
  /** Stem of the psi4 `.gbs` source file and of the converted `data/<file>.json`. */
  file: string;
}

export const BASIS_CATALOG: readonly CatalogEntry[] = [
  { name: 'sto-3g', aliases: ['sto3g'], file: 'sto-3g' },
  { name: '6-31g', aliases: ['631g'], file: '6-31g' },
  { name: '6-31g*', aliases: ['631gd', '6-31g(d)'], file: '6-31gs' },
  { name: '6-31g**', aliases: ['631gdp', '6-31g(d,p)'], file: '6-31gss' },
  { name: 'cc-pvdz', aliases: ['ccpvdz'], file: 'cc-pvdz' },
  { name: 'cc-pvtz', aliases: ['ccpvtz'], file: 'cc-pvtz' },
  { name: 'cc-pvqz', aliases: ['ccpvqz'], file: 'cc-pvqz' },
  { name: 'aug-cc-pvdz', aliases: ['augccpvdz'], file: 'aug-cc-pvdz' },
  { name: 'aug-cc-pvtz', aliases: ['augccpvtz'], file: 'aug-cc-pvtz' },
];

export const SUPPORTED_BASES: readonly string[] = BASIS_CATALOG.map((entry) => entry.name);

const BY_SPELLING = new Map<string, CatalogEntry>(
  BASIS_CATALOG.flatMap((entry) => [entry.name, ...entry.aliases].map((spelling) => [spelling, entry])),
);

export function findCatalogEntry(name: string): CatalogEntry {
  const entry = BY_SPELLING.get(name.trim().toLowerCase());
  if (entry === undefined) {
    throw new EngineInputError(`unknown basis set '${name}' (supported: ${SUPPORTED_BASES.join(', ')})`);
  }
  return entry;
}

/** Canonical name of a basis set given any accepted spelling ('631gd' → '6-31g*'). */
export function normaliseBasisName(name: string): string {
  return findCatalogEntry(name).name;
}
