import type { JobForm } from '@hivqe/contract';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { PermissionSourceSelector } from '../../permission-sources/components/permission-source-selector.tsx';
import { FORM_VARIANT, type JobFieldsProps } from '../job-form-variants.ts';
import { useJobForm } from '../use-job-form.ts';
import { AdvancedParametersFields } from './form/advanced-parameters-fields.tsx';
import { AlgorithmParametersFields } from './form/algorithm-parameters-fields.tsx';
import { FormSection } from './form/form-section.tsx';
import { JobNameField } from './form/job-name-field.tsx';
import { MoleculeList } from './form/molecule-list.tsx';
import { QuantumConfigurationFields } from './form/quantum-configuration-fields.tsx';
import { StateSpaceFields } from './form/state-space-fields.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface JobCreateFormDialogProps<Created> {
  title: string;
  submitLabel: string;
  initialForm: JobForm;
  /** The path's 'Resource and Device' fields. */
  resources: (fields: JobFieldsProps) => ReactNode;
  onCreate: (form: JobForm) => Promise<Created>;
  /** Shown when creating fails and the server gave no reason of its own. */
  failureMessage: string;
  /** Given: what follows a success instead of closing (the cloud path opens a new scan's view). */
  onCreated?: (created: Created) => void;
  onClose: () => void;
}

/**
 * The newer single-page creation form (jobs.md 2.7) of either path. Create is disabled while creating or
 * without a molecule. A failure shows the server's reason above the buttons (issue 11 §6: the spec's form
 * only logged it); a success closes the form, and the list reloads because creating invalidates the job caches.
 */
export function JobCreateFormDialog<Created>(props: JobCreateFormDialogProps<Created>) {
  const { title, submitLabel, initialForm, resources, onCreate, failureMessage, onCreated, onClose } = props;
  const { user } = useAuth();
  const { form, update } = useJobForm(initialForm);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const fields: JobFieldsProps = { form, onChange: update, variant: FORM_VARIANT };
  const hasMolecule = Object.keys(form.molecules).length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      return;
    }
    // Creating a job needs a signed-in user; without one it stops silently (jobs.md 4).
    if (!user) return;
    setCreating(true);
    setError(null);
    try {
      const created = await onCreate(form);
      if (onCreated) onCreated(created);
      else onClose();
    } catch (failure) {
      setError(messageOf(failure, failureMessage));
      setCreating(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose} size="xl">
      <form ref={formElement} onSubmit={submit} noValidate className="space-y-4">
        <PermissionSourceSelector
          value={form.permission_source}
          onChange={(permission_source) => update({ permission_source })}
        />
        <JobNameField form={form} onChange={update} />
        <FormSection title="Resource and Device">{resources(fields)}</FormSection>
        <FormSection title="Quantum Configuration">
          <QuantumConfigurationFields {...fields} />
          <AlgorithmParametersFields {...fields} />
        </FormSection>
        <FormSection title="Advanced Parameters">
          <StateSpaceFields {...fields} />
          <AdvancedParametersFields {...fields} />
        </FormSection>
        <FormSection title="Molecule Configuration" layout="stack">
          <MoleculeList {...fields} />
        </FormSection>
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel={submitLabel}
          pendingLabel="Creating..."
          pending={creating}
          disabled={!hasMolecule}
          className="border-t border-slate-200 pt-4"
        />
      </form>
    </Modal>
  );
}
