import { atomicNumber, findElement, type ElementSymbol } from './elements.ts';
import { EngineInputError } from './errors.ts';

/** Ångström per bohr, the value PySCF uses (CODATA 2010), so geometries map to identical bohr coordinates. */
export const BOHR_IN_ANGSTROM = 0.52917721092;

export interface Atom {
  symbol: ElementSymbol;
  charge: number;
  /** Position in bohr. */
  x: number;
  y: number;
  z: number;
}

export interface Molecule {
  atoms: Atom[];
  /** The sum of the nuclear charges less the molecule's net charge. */
  electrons: number;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** Closer than this (bohr) two nuclei are taken to be a typing mistake rather than a molecule. */
const MIN_NUCLEAR_DISTANCE = 0.1;
/**
 * Farther from the origin than this (Å) a coordinate is a typing mistake: a molecule the engine can hold
 * spans a few nanometres, and coordinates such as 1e300 overflow the integrals.
 */
export const MAX_COORDINATE_ANGSTROM = 1000;

/**
 * Parses `molecule_geometry`: 'El x y z;El x y z' in ångström. Empty parts (a trailing ';') are ignored,
 * symbols are case-insensitive, and a Unicode minus (as typeset in documents) reads as '-'. `charge` is the
 * molecule's net charge; the engine computes closed-shell singlets, so the electrons must pair up.
 */
export function parseMolecule(geometry: string, charge = 0): Molecule {
  const atoms = parseAtoms(geometry);
  return { atoms, electrons: electronCount(atoms, charge) };
}

/** The atoms of `molecule_geometry`, well formed, within bounds and apart. */
export function parseAtoms(geometry: string): Atom[] {
  const parts = geometry
    .replace(/\u2212/g, '-')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0)
    throw new EngineInputError('molecule_geometry is empty; expected "El x y z;El x y z"');
  const atoms = parts.map((part, index) => parseAtom(part, index + 1));
  checkDistinctPositions(atoms);
  return atoms;
}

/** The electrons of the atoms at a net charge: a positive, even number (closed-shell singlets). */
export function electronCount(atoms: readonly Atom[], charge: number): number {
  if (!Number.isInteger(charge)) throw new EngineInputError(`charge must be a whole number, got ${charge}`);
  const nuclear = atoms.reduce((sum, atom) => sum + atom.charge, 0);
  const electrons = nuclear - charge;
  if (electrons <= 0) {
    throw new EngineInputError(
      `charge ${charge} leaves the molecule (nuclear charge ${nuclear}) with ${electrons} electrons`,
    );
  }
  if (electrons % 2 !== 0) {
    throw new EngineInputError(
      `the molecule has ${electrons} electrons, an odd number (at charge ${charge}); only closed-shell ` +
        `singlets are supported: set charge so that the electrons pair up`,
    );
  }
  return electrons;
}

function parseAtom(part: string, position: number): Atom {
  const fields = part.split(/[\s,]+/);
  if (fields.length !== 4 || !fields.slice(1).every((field) => NUMBER.test(field))) {
    throw new EngineInputError(
      `atom ${position} ('${part}') is not of the form 'El x y z' with x, y, z in Å`,
    );
  }
  const symbol = findElement(fields[0]);
  if (symbol === undefined) {
    throw new EngineInputError(
      `atom ${position}: unknown or unsupported element '${fields[0]}' (supported: H to Ar)`,
    );
  }
  const angstrom = fields.slice(1).map(Number);
  if (!angstrom.every((value) => Math.abs(value) <= MAX_COORDINATE_ANGSTROM)) {
    throw new EngineInputError(
      `atom ${position} ('${part}'): coordinates must lie within ±${MAX_COORDINATE_ANGSTROM} Å`,
    );
  }
  const [x, y, z] = angstrom.map((value) => value / BOHR_IN_ANGSTROM);
  return { symbol, charge: atomicNumber(symbol), x, y, z };
}

function checkDistinctPositions(atoms: Atom[]): void {
  for (let i = 0; i < atoms.length; i++) {
    for (let j = 0; j < i; j++) {
      if (distance(atoms[i], atoms[j]) < MIN_NUCLEAR_DISTANCE) {
        throw new EngineInputError(
          `atoms ${j + 1} and ${i + 1} are at (almost) the same position: nuclei must be at least ` +
            `${(MIN_NUCLEAR_DISTANCE * BOHR_IN_ANGSTROM).toFixed(3)} Å apart`,
        );
      }
    }
  }
}

function distance(a: Atom, b: Atom): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

export function nuclearRepulsion(molecule: Molecule): number {
  const { atoms } = molecule;
  let energy = 0;
  for (let i = 0; i < atoms.length; i++) {
    for (let j = 0; j < i; j++) energy += (atoms[i].charge * atoms[j].charge) / distance(atoms[i], atoms[j]);
  }
  return energy;
}
