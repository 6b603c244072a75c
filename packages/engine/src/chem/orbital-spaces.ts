import { EngineInputError } from './errors.ts';

export interface OrbitalSpaces {
  /** Ascending MO indices. */
  frozen: number[];
  /** Ascending MO indices, so the occupied active orbitals come first (the Hartree–Fock determinant). */
  active: number[];
  /** Doubly occupied active orbitals: nalpha = nbeta. */
  activeOccupied: number;
}

/**
 * Checks `frozen_orbitals` / `active_orbitals` (MO indices into the energy-ordered RHF orbitals) against
 * the molecule. Every doubly occupied orbital must be frozen or active: one that is neither would drop
 * two electrons from the model without a trace.
 */
export function checkOrbitalSpaces(
  frozenOrbitals: readonly number[],
  activeOrbitals: readonly number[],
  norbitals: number,
  nocc: number,
): OrbitalSpaces {
  const frozen = checkedIndices('frozen_orbitals', frozenOrbitals, norbitals);
  const active = checkedIndices('active_orbitals', activeOrbitals, norbitals);
  if (active.length === 0) {
    if (frozen.length > 0) throw new EngineInputError('frozen_orbitals were given without active_orbitals');
    return { frozen, active, activeOccupied: 0 };
  }
  const virtualFrozen = frozen.filter((index) => index >= nocc);
  if (virtualFrozen.length > 0) {
    throw new EngineInputError(
      `frozen_orbitals ${formatList(virtualFrozen)} are not occupied; only the ${nocc} doubly occupied ` +
        `orbitals (indices 0..${nocc - 1}) can be frozen`,
    );
  }
  const both = active.filter((index) => frozen.includes(index));
  if (both.length > 0) {
    throw new EngineInputError(`orbitals ${formatList(both)} are listed as both frozen and active`);
  }
  const dropped = Array.from({ length: nocc }, (_, i) => i).filter(
    (i) => !frozen.includes(i) && !active.includes(i),
  );
  if (dropped.length > 0) {
    throw new EngineInputError(
      `occupied orbitals ${formatList(dropped)} are neither frozen nor active; every doubly occupied ` +
        `orbital (0..${nocc - 1}) must be in frozen_orbitals or active_orbitals`,
    );
  }
  const activeOccupied = active.filter((index) => index < nocc).length;
  if (activeOccupied === 0)
    throw new EngineInputError('the active space has no electrons (no occupied orbital is active)');
  return { frozen, active, activeOccupied };
}

function checkedIndices(field: string, indices: readonly number[], norbitals: number): number[] {
  const outside = indices.filter((index) => !Number.isInteger(index) || index < 0 || index >= norbitals);
  if (outside.length > 0) {
    throw new EngineInputError(
      `${field} ${formatList(indices)} do not fit: the molecule has ${norbitals} orbitals in this basis ` +
        `(indices 0..${norbitals - 1}); ${formatList(outside)} out of range`,
    );
  }
  const sorted = [...indices].sort((a, b) => a - b);
  const repeated = sorted.filter((index, i) => i > 0 && sorted[i - 1] === index);
  if (repeated.length > 0)
    throw new EngineInputError(`${field} lists ${formatList(repeated)} more than once`);
  return sorted;
}

/** '2..11' for a contiguous run, '0, 3, 4' otherwise. */
function formatList(indices: readonly number[]): string {
  const sorted = [...indices].sort((a, b) => a - b);
  const contiguous = sorted.length > 2 && sorted.every((index, i) => index === sorted[0] + i);
  return contiguous ? `${sorted[0]}..${sorted[sorted.length - 1]}` : sorted.join(', ');
}
