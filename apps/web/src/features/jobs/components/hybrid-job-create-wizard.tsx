import { WIZARD_DEVICES, findDevice, type JobForm } from '@hivqe/contract';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context.ts';
import { PermissionSourceSelector } from '../../permission-sources/components/permission-source-selector.tsx';
import { useCreateHybridJob } from '../api/create-hybrid-job.ts';
import { WIZARD_VARIANT, type JobFieldsProps } from '../job-form-variants.ts';
import { useJobForm } from '../use-job-form.ts';
import { AdvancedParametersFields } from './form/advanced-parameters-fields.tsx';
import { AlgorithmParametersFields } from './form/algorithm-parameters-fields.tsx';
import { CloudDeviceField } from './form/cloud-device-field.tsx';
import { CloudResourceFields } from './form/cloud-resource-fields.tsx';
import { FormSection } from './form/form-section.tsx';
import { JobSummary } from './form/job-summary.tsx';
import { MoleculeList } from './form/molecule-list.tsx';
import { QuantumConfigurationFields } from './form/quantum-configuration-fields.tsx';
import { StateSpaceFields } from './form/state-space-fields.tsx';
import { JobWizard, type WizardStep } from './job-wizard.tsx';

export const CREATE_JOB_MESSAGES = {
  success: 'Job created successfully!',
  failure: 'Failed to create job. Please try again.',
} as const;

interface HybridJobCreateWizardProps {
  /** The user's default cloud form; the wizard starts on the first instance type it offers. */
  initialForm: JobForm;
  onClose: () => void;
  onCreated: () => void;
}

/** The 5-step 'Create HI-VQE Job' wizard (jobs.md 2.6), opened by the panel's header button. */
export function HybridJobCreateWizard({ initialForm, onClose, onCreated }: HybridJobCreateWizardProps) {
  const { user } = useAuth();
  const { form, update } = useJobForm(() => ({
    ...initialForm,
    instance_type: WIZARD_VARIANT.instanceTypes[0],
  }));
  const create = useCreateHybridJob();
  const [error, setError] = useState<string | null>(null);
  const fields: JobFieldsProps = { form, onChange: update, variant: WIZARD_VARIANT };

  function submit() {
    if (!user) return;
    setError(null);
    create.mutate(form, { onSuccess: onCreated, onError: () => setError(CREATE_JOB_MESSAGES.failure) });
  }

  const steps: WizardStep[] = [
    {
      title: 'Basic Info',
      description: 'Permission source, device and algorithm',
      content: (
        <>
          <PermissionSourceSelector
            value={form.permission_source}
            onChange={(permission_source) => update({ permission_source })}
          />
          <FormSection title="Device">
            <CloudDeviceField
              devices={WIZARD_DEVICES}
              value={form.device}
              onChange={(device) => update({ device })}
            />
          </FormSection>
          <FormSection title="Algorithm Parameters">
            <AlgorithmParametersFields {...fields} />
          </FormSection>
          <FormSection title="State-Space Restriction">
            <StateSpaceFields {...fields} />
          </FormSection>
        </>
      ),
    },
    {
      title: 'Molecule',
      description: 'Orbitals, circuit and molecules',
      content: (
        <>
          <FormSection title="Orbital Configuration">
            <QuantumConfigurationFields {...fields} />
          </FormSection>
          <FormSection title="Molecules" layout="stack">
            <MoleculeList {...fields} />
          </FormSection>
        </>
      ),
    },
    {
      title: 'Advanced',
      description: 'Convergence and screening',
      content: (
        <FormSection title="Advanced Parameters">
          <AdvancedParametersFields {...fields} />
        </FormSection>
      ),
    },
    {
      title: 'Resources',
      description: 'Account, instance and storage',
      content: (
        <FormSection title="Resource Configuration">
          <CloudResourceFields {...fields} />
        </FormSection>
      ),
    },
    {
      title: 'Review',
      description: 'Check and create',
      content: (
        <JobSummary
          form={form}
          deviceLabel={findDevice(form.device)?.label ?? form.device}
          resources={[
            { label: 'Account ID', value: form.account_id },
            { label: 'Instance Type', value: form.instance_type },
            { label: 'Region', value: form.aws_default_region },
            { label: 'S3 Bucket', value: form.s3_bucket_name },
          ]}
        />
      ),
    },
  ];

  return (
    <JobWizard
      title="Create HI-VQE Job"
      steps={steps}
      submitLabel="Create Job"
      isSubmitting={create.isPending}
      canSubmit={Object.keys(form.molecules).length > 0}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
