import type { JobForm } from '@hivqe/contract';
import { planReference, type ReferencePlan } from '@hivqe/engine/checks';
import { useMemo } from 'react';

/**
 * The CASCI reference each molecule's run will have, by bond-length key, by the rule the engine runs
 * (issue 30 §3): its size and memory, the engine's limit, and why the run would go without it. null for a
 * molecule the engine refuses (the form says why beside it).
 */
export function useReferencePlans(form: JobForm): Readonly<Record<string, ReferencePlan | null>> {
  const { molecules, exactEnergies, basis, charge, active_orbitals, frozen_orbitals, compute_reference } =
    form;
  const maxStates = form.parameters.max_states;
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(molecules).map(([key, geometry]) => [
          key,
          planReference({
            geometry,
            basis,
            charge,
            activeOrbitals: active_orbitals,
            frozenOrbitals: frozen_orbitals,
            maxStates,
            exactEnergy: exactEnergies[key] ?? null,
            computeReference: compute_reference,
          }),
        ]),
      ),
    [molecules, exactEnergies, basis, charge, active_orbitals, frozen_orbitals, compute_reference, maxStates],
  );
}

/** A CASCI's memory as the form states it: whole MB, or under 1 MB. */
export function formatCasciMemory(bytes: number): string {
  const mb = bytes / 2 ** 20;
  return mb < 1 ? 'under 1 MB' : `about ${Math.round(mb).toLocaleString('en-US')} MB`;
}

/** What the Review step says of one molecule's reference: exactly what its run will compare with. */
export function referenceSummary(plan: ReferencePlan | null, exactEnergy: number | undefined): string {
  const casci = plan && `CASCI, ${plan.determinants.toLocaleString('en-US')} determinants`;
  if (exactEnergy !== undefined) {
    const alsoCasci = casci && plan.skipped === null ? `; ${casci} computed too` : '';
    return `(reference: your exact energy ${exactEnergy} Ha${alsoCasci})`;
  }
  if (plan === null) return '(reference: none until the engine accepts this molecule)';
  return plan.skipped === null ? `(reference: ${casci})` : `(no reference: ${plan.skipped})`;
}
