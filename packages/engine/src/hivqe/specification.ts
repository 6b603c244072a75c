import { normaliseBasisName } from '../chem/basis/catalog.ts';
import { parseMolecule } from '../chem/molecule.ts';
import { abelianPointGroup, type AbelianPointGroup } from '../chem/point-group.ts';
import { parseHiVqeParams } from './params.ts';

/**
 * What a paper states about a computation: the molecule's charge and spin, the basis, and the active space.
 * The engine computes closed-shell singlets without point-group symmetry, so the multiplicity is 1 and the
 * symmetry the calculation used is C1 whatever the molecule's own point group, which is stated beside it.
 */
export interface ChemicalSpecification {
  charge: number;
  multiplicity: 1;
  /** The basis set's catalog name ('cc-pVDZ' for 'ccpvdz'). */
  basis: string;
  /** All electrons of the molecule at its charge. */
  electrons: number;
  /** The molecule's own point group, as its largest Abelian subgroup (what Psi4 and PySCF report). */
  molecularPointGroup: AbelianPointGroup;
  activeSpace: {
    /** Electrons in the active orbitals: all electrons less two per frozen orbital. */
    electrons: number;
    orbitals: number;
    /** Doubly occupied orbitals kept frozen (the frozen core). */
    frozenCore: number;
    /** RHF orbital indices, ascending, counted from 0. */
    activeOrbitals: number[];
    frozenOrbitals: number[];
    /** The point group the calculation used: always C1 (no symmetry is exploited). */
    pointGroup: 'C1';
  };
}

/**
 * The specification of a job's molecule from its hyperparameters, as the engine reads them. Throws
 * EngineInputError for input the engine refuses (the run would have failed with the same message).
 */
export function chemicalSpecification(
  hyperparameters: Readonly<Record<string, unknown>>,
): ChemicalSpecification {
  const params = parseHiVqeParams(hyperparameters);
  const { atoms, electrons } = parseMolecule(params.moleculeGeometry, params.charge);
  const activeOrbitals = [...params.activeOrbitals].sort((a, b) => a - b);
  const frozenOrbitals = [...params.frozenOrbitals].sort((a, b) => a - b);
  return {
    charge: params.charge,
    multiplicity: 1,
    basis: normaliseBasisName(params.basis),
    electrons,
    molecularPointGroup: abelianPointGroup(atoms),
    activeSpace: {
      electrons: activeOrbitals.length === 0 ? 0 : electrons - 2 * frozenOrbitals.length,
      orbitals: activeOrbitals.length,
      frozenCore: frozenOrbitals.length,
      activeOrbitals,
      frozenOrbitals,
      pointGroup: 'C1',
    },
  };
}
