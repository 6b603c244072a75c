import { NumberField } from '../../../../components/ui/number-field.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { optionsWithCurrent } from '../../options-with-current.ts';
import { OrbitalField } from './orbital-field.tsx';

/** The orbital configuration and the circuit: basis, ansatz, entanglement and repetitions. */
export function QuantumConfigurationFields({ form, onChange, variant }: JobFieldsProps) {
  return (
    <>
      <OrbitalField
        label="Active Orbitals"
        value={form.active_orbitals}
        onChange={(active_orbitals) => onChange({ active_orbitals })}
      />
      <OrbitalField
        label="Frozen Orbitals"
        value={form.frozen_orbitals}
        onChange={(frozen_orbitals) => onChange({ frozen_orbitals })}
      />
      <SelectField
        label="Basis"
        value={form.basis}
        options={optionsWithCurrent(variant.basisOptions, form.basis)}
        onChange={(basis) => onChange({ basis })}
      />
      <SelectField
        label="Ansatz"
        value={form.ansatz}
        options={optionsWithCurrent(variant.ansatzOptions, form.ansatz)}
        onChange={(ansatz) => onChange({ ansatz })}
      />
      <SelectField
        label="Entanglement"
        value={form.ansatz_entanglement}
        options={optionsWithCurrent(variant.entanglementOptions, form.ansatz_entanglement)}
        onChange={(ansatz_entanglement) => onChange({ ansatz_entanglement })}
      />
      <NumberField
        label="Repetitions"
        value={form.ansatz_reps}
        range={variant.ranges.ansatz_reps}
        onChange={(ansatz_reps) => onChange({ ansatz_reps })}
      />
    </>
  );
}
