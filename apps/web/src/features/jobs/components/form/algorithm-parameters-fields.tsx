import { NumberField } from '../../../../components/ui/number-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';

/** Shots, iterations and tolerance; shots and iterations are kept at the top level and in parameters alike. */
export function AlgorithmParametersFields({ form, onChange, variant: { ranges } }: JobFieldsProps) {
  return (
    <>
      <NumberField
        label="Shots"
        value={form.shots}
        range={ranges.shots}
        onChange={(shots) => onChange({ shots, parameters: { ...form.parameters, shots } })}
      />
      <NumberField
        label="Max Iterations"
        value={form.parameters.maxIterations}
        range={ranges.maxIterations}
        onChange={(maxIterations) =>
          onChange({ max_iterations: maxIterations, parameters: { ...form.parameters, maxIterations } })
        }
      />
      <NumberField
        optional
        label="Tolerance"
        value={form.parameters.tolerance}
        range={ranges.tolerance}
        hint="Optional"
        onChange={(tolerance) => onChange({ parameters: { ...form.parameters, tolerance } })}
      />
    </>
  );
}
