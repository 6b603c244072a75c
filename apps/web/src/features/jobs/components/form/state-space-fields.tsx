import { NumberField } from '../../../../components/ui/number-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';

/** The state-space restriction: how many determinants HI-VQE keeps and adds per iteration. */
export function StateSpaceFields({ form, onChange, variant: { ranges } }: JobFieldsProps) {
  return (
    <>
      <NumberField
        label="Max States"
        value={form.parameters.max_states}
        range={ranges.max_states}
        onChange={(max_states) => onChange({ parameters: { ...form.parameters, max_states } })}
      />
      <NumberField
        label="Max Expansion States"
        value={form.parameters.max_expansion_states}
        range={ranges.max_expansion_states}
        onChange={(max_expansion_states) =>
          onChange({ parameters: { ...form.parameters, max_expansion_states } })
        }
      />
    </>
  );
}
