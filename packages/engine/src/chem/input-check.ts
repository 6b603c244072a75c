import { normaliseBasisName } from './basis/catalog.ts';
import { buildBasisSet } from './basis/shells.ts';
import { EngineInputError } from './errors.ts';
import { checkProblemSize } from './limits.ts';
import { electronCount, parseAtoms } from './molecule.ts';
import { checkOrbitalSpaces } from './orbital-spaces.ts';

/** What a job asks of the chemistry half, in the create payload's terms. */
export interface MoleculeInput {
  /** 'El x y z;El x y z' in ångström. */
  geometry: string;
  /** Any accepted spelling ('631gd', '6-31g*', …). */
  basis: string;
  /** Net charge; absent means neutral. */
  charge?: number;
  activeOrbitals: readonly number[];
  frozenOrbitals: readonly number[];
}

/** The payload field a problem is about: where a form shows it. */
export type MoleculeInputField = 'molecule_geometry' | 'charge' | 'basis' | 'orbitals';

export interface MoleculeInputProblem {
  field: MoleculeInputField;
  /** The engine's own words, as a run of this input would fail with them. */
  message: string;
}

/**
 * The first reason the engine would refuse this input, or null: the basis set is known and covers every
 * element, the atoms are well formed, bounded and apart, the electrons pair up at the given charge, the
 * orbital indices fit the basis and split into frozen and active, and the problem is within the engine's
 * size and memory limits. These are the checks buildHamiltonian makes before computing, made without
 * computing anything (the basis set is placed, no integral is taken), so a server and a form can ask as
 * often as the user types. Pure, and light enough for a browser bundle.
 */
export function checkMoleculeInput(input: MoleculeInput): MoleculeInputProblem | null {
  try {
    const basisName = about('basis', () => normaliseBasisName(input.basis));
    const atoms = about('molecule_geometry', () => parseAtoms(input.geometry));
    const electrons = about('charge', () => electronCount(atoms, input.charge ?? 0));
    const nbf = about('basis', () => buildBasisSet({ atoms, electrons }, basisName).nbf);
    about('orbitals', () => {
      checkOrbitalSpaces(input.frozenOrbitals, input.activeOrbitals, nbf, electrons / 2);
      checkProblemSize(nbf, input.activeOrbitals.length, basisName);
    });
    return null;
  } catch (error) {
    if (error instanceof FieldProblem) return error.problem;
    throw error;
  }
}

class FieldProblem extends Error {
  constructor(readonly problem: MoleculeInputProblem) {
    super(problem.message);
  }
}

/** Runs one check, naming the field of the engine's refusal. */
function about<T>(field: MoleculeInputField, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof EngineInputError) throw new FieldProblem({ field, message: error.message });
    throw error;
  }
}
