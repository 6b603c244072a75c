import type { JobForm } from '@hivqe/contract';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error.ts';
import { useAuth } from '../auth/auth-context.ts';
import { WIZARD_VARIANT, type JobFieldsProps } from './job-form-variants.ts';
import { useJobForm } from './use-job-form.ts';

/** The part of a create-job mutation (cloud or IQM) the wizards use. */
export interface CreateJobMutation<Created> {
  mutate: (
    form: JobForm,
    options: { onSuccess: (created: Created) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/**
 * The state both 5-step wizards share: the form (wizard ranges and options), and a submit that needs a
 * signed-in user, creates the job and, when creating fails, shows above the buttons the server's reason (a
 * refused permission source, a device or setting it refuses), or `failureMessage` when it gave none.
 */
export function useJobWizard<Created>(
  initialForm: () => JobForm,
  create: CreateJobMutation<Created>,
  failureMessage: string,
  onCreated: (created: Created) => void,
) {
  const { user } = useAuth();
  const { form, update } = useJobForm(initialForm);
  const [error, setError] = useState<string | null>(null);
  const fields: JobFieldsProps = { form, onChange: update, variant: WIZARD_VARIANT };

  function submit() {
    if (!user) return;
    setError(null);
    create.mutate(form, {
      onSuccess: onCreated,
      onError: (failure) => setError(messageOf(failure, failureMessage)),
    });
  }

  return {
    form,
    update,
    fields,
    /** The JobWizard props that follow from the form and the mutation. */
    wizardProps: {
      isSubmitting: create.isPending,
      canSubmit: Object.keys(form.molecules).length > 0,
      error,
      onSubmit: submit,
    },
  };
}
