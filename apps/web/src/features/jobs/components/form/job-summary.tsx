import { formatOrbitalInput, type JobForm } from '@hivqe/contract';
import { sourceLabel } from '../../../permission-sources/permission-source-options.ts';
import { referenceSummary, useReferencePlans } from '../../reference-plans.ts';
import { DetailList, type DetailItem } from '../detail-list.tsx';

interface JobSummaryProps {
  form: JobForm;
  deviceLabel: string;
  /** The path's resource lines (account and bucket, or the IQM key and provider). */
  resources: readonly DetailItem[];
}

const NO_SOURCE_CHOSEN = 'None chosen: the server uses your first valid source';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The wizards' last step: everything entered, before the job is created. */
export function JobSummary({ form, deviceLabel, resources }: JobSummaryProps) {
  const plans = useReferencePlans(form);
  const settings: DetailItem[] = [
    {
      label: 'Permission Source',
      // The selector's 'Select source...' is a prompt, not a source: without a choice the server picks.
      value: form.permission_source ? sourceLabel(form.permission_source) : NO_SOURCE_CHOSEN,
    },
    { label: 'Device', value: deviceLabel },
    { label: 'Shots', value: form.shots },
    { label: 'Max Iterations', value: form.parameters.maxIterations },
    { label: 'Tolerance', value: form.parameters.tolerance ?? 'None' },
    { label: 'Max States', value: form.parameters.max_states },
    { label: 'Max Expansion States', value: form.parameters.max_expansion_states },
    { label: 'Active Orbitals', value: formatOrbitalInput(form.active_orbitals) },
    { label: 'Frozen Orbitals', value: formatOrbitalInput(form.frozen_orbitals) || '-' },
    { label: 'Basis', value: form.basis },
    { label: 'Ansatz', value: form.ansatz },
    { label: 'Entanglement', value: form.ansatz_entanglement },
    { label: 'Repetitions', value: form.ansatz_reps },
    { label: 'Configuration Recovery', value: yesNo(form.configuration_recovery) },
    { label: 'Amplitude Screening Tolerance', value: form.amplitude_screening_tolerance },
    { label: 'Convergence Count', value: form.convergence_count },
    { label: 'Convergence Absolute Tolerance', value: form.convergence_abstol },
    { label: 'Reset Convergence Count', value: yesNo(form.reset_convergence_count) },
    { label: 'Compute CASCI Reference', value: yesNo(form.compute_reference) },
  ];
  return (
    <div className="space-y-4">
      <section aria-label="Job settings" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Job Settings</h4>
        <DetailList items={settings} />
      </section>
      <section aria-label="Molecules" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Molecules</h4>
        <ul className="space-y-1 text-sm">
          {Object.entries(form.molecules).map(([bond, geometry]) => (
            <li key={bond}>
              {bond} Å: {geometry} {referenceSummary(plans[bond] ?? null, form.exactEnergies[bond])}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Resources" className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Resources</h4>
        <DetailList items={resources} />
      </section>
    </div>
  );
}
