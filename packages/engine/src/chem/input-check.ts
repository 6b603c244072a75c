import { davidsonVectorBytes, fullSpaceSize } from '../ci/casci-limit.ts';
import { referenceSkipReason } from '../hivqe/reference-rule.ts';
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
    checkedSpace(input);
    return null;
  } catch (error) {
    if (error instanceof FieldProblem) return error.problem;
    throw error;
  }
}

/** The active space of an input the engine accepts; throws FieldProblem for one it refuses. */
function checkedSpace(input: MoleculeInput): { norb: number; nalpha: number; nbeta: number } {
  const basisName = about('basis', () => normaliseBasisName(input.basis));
  const atoms = about('molecule_geometry', () => parseAtoms(input.geometry));
  const electrons = about('charge', () => electronCount(atoms, input.charge ?? 0));
  const nbf = about('basis', () => buildBasisSet({ atoms, electrons }, basisName).nbf);
  return about('orbitals', () => {
    const spaces = checkOrbitalSpaces(input.frozenOrbitals, input.activeOrbitals, nbf, electrons / 2);
    checkProblemSize(nbf, input.activeOrbitals.length, basisName);
    return { norb: spaces.active.length, nalpha: spaces.activeOccupied, nbeta: spaces.activeOccupied };
  });
}

/** What a molecule's job asks of its reference, in the create payload's terms. */
export interface ReferenceInput extends MoleculeInput {
  maxStates: number;
  /** The user's exact energy; null when they gave none. */
  exactEnergy: number | null;
  /** The payload's compute_reference. */
  computeReference: boolean;
}

/** A molecule's CASCI: its size and memory, and whether the run will compute it. */
export interface ReferencePlan {
  /** Determinants of the active space's full CI. */
  determinants: number;
  /** Memory of CASCI's Davidson vectors. */
  bytes: number;
  /** Why CASCI cannot run on this space whatever the job asks (the engine's limit); null when it can. */
  limit: string | null;
  /** Why this job's run will go without it (the words its result will give); null when it computes it. */
  skipped: string | null;
}

/**
 * The CASCI reference a job's run will compute for a molecule, by the rule the engine runs
 * (`referenceSkipReason`); null for input the engine refuses or a job without an active space.
 */
export function planReference(input: ReferenceInput): ReferencePlan | null {
  let space: { norb: number; nalpha: number; nbeta: number };
  try {
    space = checkedSpace(input);
  } catch (error) {
    if (error instanceof FieldProblem) return null;
    throw error;
  }
  if (space.norb === 0) return null;
  const determinants = fullSpaceSize(space);
  const request = { exactEnergy: input.exactEnergy, maxStates: input.maxStates };
  return {
    determinants,
    bytes: davidsonVectorBytes(determinants),
    limit: referenceSkipReason(space, { ...request, reference: 'always' }),
    skipped: referenceSkipReason(space, {
      ...request,
      reference: input.computeReference ? 'always' : 'auto',
    }),
  };
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
