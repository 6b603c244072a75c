import { CheckboxField } from '../../../../components/ui/checkbox-field.tsx';
import { NumberField } from '../../../../components/ui/number-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';

export function AdvancedParametersFields({ form, onChange, variant }: JobFieldsProps) {
  const { ranges } = variant;
  return (
    <>
      <CheckboxField
        label="Configuration Recovery"
        checked={form.configuration_recovery}
        onChange={(configuration_recovery) => onChange({ configuration_recovery })}
      />
      <CheckboxField
        label="Reset Convergence Count"
        checked={form.reset_convergence_count}
        onChange={(reset_convergence_count) => onChange({ reset_convergence_count })}
      />
      <NumberField
        label="Amplitude Screening Tolerance"
        value={form.amplitude_screening_tolerance}
        range={ranges.amplitude_screening_tolerance}
        fallback={variant.amplitudeFallback}
        onChange={(amplitude_screening_tolerance) => onChange({ amplitude_screening_tolerance })}
      />
      <NumberField
        label="Convergence Count"
        value={form.convergence_count}
        range={ranges.convergence_count}
        onChange={(convergence_count) => onChange({ convergence_count })}
      />
      <NumberField
        label="Convergence Absolute Tolerance"
        value={form.convergence_abstol}
        range={ranges.convergence_abstol}
        onChange={(convergence_abstol) => onChange({ convergence_abstol })}
      />
    </>
  );
}
