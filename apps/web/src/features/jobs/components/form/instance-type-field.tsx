import { instanceHint, jobComplexity, recommendInstance } from '@hivqe/contract';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { optionsWithCurrent } from '../../options-with-current.ts';

/**
 * The classical instance, with the hint the complexity estimate gives for it (jobs.md 4), recomputed whenever
 * the basis, ansatz, entanglement or orbitals change. The recommendation is only advice: it is not applied.
 */
export function InstanceTypeField({ form, onChange, variant }: JobFieldsProps) {
  const recommended = recommendInstance(jobComplexity(form)).instanceType;
  return (
    <SelectField
      label="Instance Type"
      value={form.instance_type}
      options={optionsWithCurrent(variant.instanceTypes, form.instance_type).map((value) => ({
        value,
        label: variant.instanceLabels?.[value] ?? value,
      }))}
      hint={instanceHint(form.instance_type, recommended)}
      onChange={(instance_type) => onChange({ instance_type })}
    />
  );
}
