import { CHEMICAL_ACCURACY_MHA, type MoleculeResult } from '@hivqe/contract';
import type { ReactNode } from 'react';
import { AbsentValue } from './absent-value.tsx';
import { formatCount, formatDuration, formatEnergy, formatMha, formatPercent } from './result-format.ts';

/**
 * What the card shows of one molecule. `absent` says why a value the engine has not produced is missing (still
 * running, or the job failed); a value the finished molecule lacks says its own reason.
 */
export interface MoleculeValues {
  final: ReactNode;
  rhf: ReactNode;
  reference: ReactNode;
  error: ReactNode;
  subspace: ReactNode;
  iterations: ReactNode;
  cpu: ReactNode;
}

const REFERENCE_SOURCE_LABELS = { casci: 'CASCI computed by the engine', user: 'your value' } as const;

export function moleculeValues(molecule: MoleculeResult, absent: string): MoleculeValues {
  const { energies } = molecule;
  const pending = <AbsentValue reason={absent} />;
  return {
    final: energies ? <strong className="font-semibold">{formatEnergy(energies.final)}</strong> : pending,
    // Known long before the molecule finishes: the engine tells it once RHF has converged.
    rhf: molecule.rhf_energy === null ? pending : formatEnergy(molecule.rhf_energy),
    reference: referenceValue(molecule, pending),
    error: errorValue(molecule, pending),
    subspace: subspaceValue(molecule, pending),
    iterations: molecule.iterations === null ? pending : formatCount(molecule.iterations),
    cpu: cpuValue(molecule, pending),
  };
}

function referenceValue(
  { reference, energies, reference_skip_reason, perturbative_estimate }: MoleculeResult,
  pending: ReactNode,
) {
  if (reference !== null) {
    return (
      <span>
        {formatEnergy(reference.energy)}{' '}
        <span className="text-xs text-slate-500">({REFERENCE_SOURCE_LABELS[reference.source]})</span>
      </span>
    );
  }
  if (energies === null) return pending;
  // The engine's own reason; a run stored before it was recorded has none, and the card does not guess one.
  const why = reference_skip_reason ?? 'its reason was not recorded for this run';
  // Without a reference the final energy still says something: it is the lowest eigenvalue of the Hamiltonian
  // in a subspace, so the exact (CASCI) energy lies at or below it.
  const bound =
    `None: you gave no exact energy, and the engine skipped CASCI (${why}). ` +
    'The final energy is a variational upper bound: the exact energy of this active space lies at or below it';
  if (perturbative_estimate === null) return bound;
  return (
    <span>
      {bound}.{' '}
      <span className="block">
        Estimate: {formatEnergy(perturbative_estimate)}{' '}
        <span className="text-xs text-slate-500">
          (the final energy with its second-order perturbative correction: an estimate, not a bound)
        </span>
      </span>
    </span>
  );
}

function errorValue({ error_mha, within_chemical_accuracy, energies }: MoleculeResult, pending: ReactNode) {
  if (error_mha === null) {
    return energies === null ? pending : 'Not shown: there is no reference energy to compare with';
  }
  const within = within_chemical_accuracy === true;
  return (
    <span>
      {formatMha(error_mha)}{' '}
      <span className={`text-xs font-medium ${within ? 'text-green-700' : 'text-amber-700'}`}>
        {within ? 'Within' : 'Outside'} chemical accuracy ({CHEMICAL_ACCURACY_MHA} mHa)
      </span>
    </span>
  );
}

function subspaceValue(molecule: MoleculeResult, pending: ReactNode) {
  const { subspace_size, full_space_size, subspace_fraction } = molecule;
  if (subspace_size === null) return pending;
  if (full_space_size === null || subspace_fraction === null) {
    return (
      <span>
        {formatCount(subspace_size)} determinants{' '}
        <span className="text-xs text-slate-500">(full space not recorded for this run)</span>
      </span>
    );
  }
  return `${formatCount(subspace_size)} of ${formatCount(full_space_size)} determinants (${formatPercent(subspace_fraction)})`;
}

function cpuValue({ cpu_seconds, energies }: MoleculeResult, pending: ReactNode) {
  if (cpu_seconds !== null) return formatDuration(cpu_seconds);
  return energies === null ? pending : <AbsentValue reason="not measured for this run" />;
}
