/**
 * Molecule geometries 'El x y z;El x y z' in ångström (jobs.md 3). Empty parts (a trailing ';') are ignored,
 * fields may be separated by spaces or commas and a typeset minus (U+2212) reads as '-', as in the engine.
 */

export interface GeometryAtom {
  symbol: string;
  x: number;
  y: number;
  z: number;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SYMBOL = /^[A-Za-z]{1,2}$/;

/** The atoms' texts, trimmed, without empty parts. */
const atomTexts = (geometry: string) =>
  geometry
    .split(';')
    .map((atom) => atom.trim())
    .filter((atom) => atom !== '');

const atomFields = (atom: string) => atom.replace(/\u2212/g, '-').split(/[\s,]+/);

/** The atoms of a geometry, or null when any atom is not 'El x y z' or there is none. */
export function parseGeometry(geometry: string): GeometryAtom[] | null {
  const texts = atomTexts(geometry);
  if (texts.length === 0) return null;
  const atoms: GeometryAtom[] = [];
  for (const text of texts) {
    const fields = atomFields(text);
    const [symbol, ...coordinates] = fields;
    if (fields.length !== 4 || !SYMBOL.test(symbol) || !coordinates.every((field) => NUMBER.test(field))) {
      return null;
    }
    const [x, y, z] = coordinates.map(Number);
    atoms.push({ symbol, x, y, z });
  }
  return atoms;
}

/**
 * The jobs table's molecule name: the first token of each atom; exactly two atoms of one element give the
 * element and '2' ('N2'), anything else the symbols joined in order ('LiH', 'OHH' for water).
 */
export function moleculeName(geometry: string): string {
  const symbols = atomTexts(geometry).map((atom) => atomFields(atom)[0]);
  if (symbols.length === 2 && symbols[0] === symbols[1]) return `${symbols[0]}2`;
  return symbols.join('');
}

/**
 * The bond length of a two-atom molecule: the distance between its atoms in Å. Null for any other molecule,
 * which has no single bond length; the table then shows the job's geometry_tag (its bond-length key).
 */
export function bondLengthFromGeometry(geometry: string): number | null {
  const atoms = parseGeometry(geometry);
  if (atoms === null || atoms.length !== 2) return null;
  const [a, b] = atoms;
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}
