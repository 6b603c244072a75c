import type { JobForm } from '@hivqe/contract';
import { checkMoleculeInput } from '@hivqe/engine/checks';
import { useMemo } from 'react';

/**
 * The engine's own refusal of each molecule of the form, by bond-length key: the checks the server makes
 * at creation (elements, distances, electrons at the charge, orbitals within the basis, size limits), in
 * the words the server would answer with. A molecule the engine accepts has no entry.
 */
export function useMoleculeProblems(form: JobForm): Readonly<Record<string, string>> {
  const { molecules, basis, charge, active_orbitals, frozen_orbitals } = form;
  return useMemo(() => {
    const problems: Record<string, string> = {};
    for (const [key, geometry] of Object.entries(molecules)) {
      const problem = checkMoleculeInput({
        geometry,
        basis,
        charge,
        activeOrbitals: active_orbitals,
        frozenOrbitals: frozen_orbitals,
      });
      if (problem !== null) problems[key] = problem.message;
    }
    return problems;
  }, [molecules, basis, charge, active_orbitals, frozen_orbitals]);
}
