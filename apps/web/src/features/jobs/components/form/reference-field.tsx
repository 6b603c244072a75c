import type { ReferencePlan } from '@hivqe/engine/checks';
import { useEffect } from 'react';
import { CheckboxField } from '../../../../components/ui/checkbox-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { formatCasciMemory, useReferencePlans } from '../../reference-plans.ts';

const COMPUTE_REFERENCE_LABEL = 'Compute the exact (CASCI) reference';
/** What the engine does when not asked: its own rule, which the hint states. */
const UNASKED_RULE =
  'Unticked, the engine computes it only for a molecule without an exact energy whose full space fits within Max States.';

/** The largest CASCI among the molecules the engine accepts; null when it accepts none. */
function largest(plans: readonly (ReferencePlan | null)[]): ReferencePlan | null {
  return plans.reduce<ReferencePlan | null>(
    (most, plan) => (plan !== null && (most === null || plan.determinants > most.determinants) ? plan : most),
    null,
  );
}

/**
 * The switch that asks the engine for every molecule's exact (CASCI) reference (issue 30 §3), with its
 * cost; off, and saying why, where a molecule's space is above the engine's CASCI limit.
 */
export function ReferenceField({ form, onChange }: Pick<JobFieldsProps, 'form' | 'onChange'>) {
  const plans = useReferencePlans(form);
  const limited = Object.entries(plans).find(([, plan]) => plan?.limit);
  const costliest = largest(Object.values(plans));

  useEffect(() => {
    // A reference the engine cannot compute is not asked for: the server would refuse the job.
    if (limited && form.compute_reference) onChange({ compute_reference: false });
  }, [limited, form.compute_reference, onChange]);

  let hint: string;
  if (limited) {
    const [bond, plan] = limited;
    hint = `Not available: at ${bond} Å, ${plan!.limit}.`;
  } else if (costliest === null) {
    hint = `Its cost is shown once the engine accepts the molecules. ${UNASKED_RULE}`;
  } else {
    const several = Object.keys(plans).length > 1 ? 'up to ' : '';
    hint =
      `Full CI in the active space: ${several}${costliest.determinants.toLocaleString('en-US')} determinants, ` +
      `${formatCasciMemory(costliest.bytes)} of memory per molecule. ${UNASKED_RULE}`;
  }
  return (
    <CheckboxField
      label={COMPUTE_REFERENCE_LABEL}
      checked={form.compute_reference && !limited}
      disabled={limited !== undefined}
      hint={hint}
      onChange={(compute_reference) => onChange({ compute_reference })}
    />
  );
}
