import {
  BRAND,
  IQM_WIZARD_DEFAULT_DEVICE,
  IQM_WIZARD_DEVICES,
  defaultIqmJobForm,
  iqmBucketName,
  maskApiKey,
} from '@hivqe/contract';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { AdvancedParametersFields } from '../../jobs/components/form/advanced-parameters-fields.tsx';
import { AlgorithmParametersFields } from '../../jobs/components/form/algorithm-parameters-fields.tsx';
import { FormSection } from '../../jobs/components/form/form-section.tsx';
import { IqmResourceFields } from '../../jobs/components/form/iqm-resource-fields.tsx';
import { JobSummary } from '../../jobs/components/form/job-summary.tsx';
import { MoleculeList } from '../../jobs/components/form/molecule-list.tsx';
import { QuantumConfigurationFields } from '../../jobs/components/form/quantum-configuration-fields.tsx';
import { StateSpaceFields } from '../../jobs/components/form/state-space-fields.tsx';
import { JobWizard, type WizardStep } from '../../jobs/components/job-wizard.tsx';
import { WIZARD_VARIANT, type JobFieldsProps } from '../../jobs/job-form-variants.ts';
import { useJobForm } from '../../jobs/use-job-form.ts';
import { PermissionSourceSelector } from '../../permission-sources/components/permission-source-selector.tsx';
import { useCreateIqmJob } from '../api/create-iqm-job.ts';
import { iqmDeviceLabel } from '../iqm-devices.ts';

export const CREATE_IQM_JOB_MESSAGES = {
  success: `${BRAND.vendor} job created successfully!`,
  failure: `Failed to create ${BRAND.vendor} job. Please try again.`,
} as const;

interface IqmJobCreateWizardProps {
  /** The IQM key as the settings give it (masked or its last 10 characters). */
  apiKey: string;
  onClose: () => void;
  onCreated: () => void;
}

/** The IQM job wizard (jobs.md 2.10): five numbered steps, each named in Korean and described in English. */
export function IqmJobCreateWizard({ apiKey, onClose, onCreated }: IqmJobCreateWizardProps) {
  const { user } = useAuth();
  const { form, update } = useJobForm(() => ({
    ...defaultIqmJobForm({ iqm_api_key: apiKey }),
    device: IQM_WIZARD_DEFAULT_DEVICE,
  }));
  const create = useCreateIqmJob();
  const [error, setError] = useState<string | null>(null);
  const fields: JobFieldsProps = { form, onChange: update, variant: WIZARD_VARIANT };

  function submit() {
    if (!user) return;
    setError(null);
    create.mutate(form, { onSuccess: onCreated, onError: () => setError(CREATE_IQM_JOB_MESSAGES.failure) });
  }

  const steps: WizardStep[] = [
    {
      title: '기본 설정',
      description: 'Basic settings and device',
      content: (
        <>
          <PermissionSourceSelector
            value={form.permission_source}
            onChange={(permission_source) => update({ permission_source })}
          />
          <FormSection title="Device">
            <SelectField
              label="Quantum Device"
              value={form.device}
              options={IQM_WIZARD_DEVICES}
              onChange={(device) => update({ device })}
            />
          </FormSection>
          <FormSection title="Algorithm Parameters">
            <AlgorithmParametersFields {...fields} />
          </FormSection>
          <FormSection title="State-Space Restriction">
            <StateSpaceFields {...fields} />
          </FormSection>
          <FormSection title="Orbital Configuration">
            <QuantumConfigurationFields {...fields} />
          </FormSection>
        </>
      ),
    },
    {
      title: '분자 및 정확한 에너지',
      description: 'Molecules and exact energies',
      content: (
        <FormSection title="Molecules" layout="stack">
          <MoleculeList {...fields} />
        </FormSection>
      ),
    },
    {
      title: '고급 매개변수',
      description: 'Advanced parameters',
      content: (
        <FormSection title="Advanced Parameters">
          <AdvancedParametersFields {...fields} />
        </FormSection>
      ),
    },
    {
      title: '리소스 확인',
      description: 'Resource confirmation',
      content: (
        <FormSection title="Resource Configuration">
          <IqmResourceFields form={form} apiKey={apiKey} />
        </FormSection>
      ),
    },
    {
      title: '검토 및 생성',
      description: 'Review and create',
      content: (
        <JobSummary
          form={form}
          deviceLabel={iqmDeviceLabel(form.device)}
          resources={[
            { label: 'API Key', value: maskApiKey(apiKey) },
            { label: 'Instance Type', value: form.instance_type },
            { label: 'Provider', value: BRAND.vendorCloud },
            { label: 'S3 Bucket', value: iqmBucketName(apiKey) },
          ]}
        />
      ),
    },
  ];

  return (
    <JobWizard
      title={`Create ${BRAND.vendor} Job`}
      steps={steps}
      submitLabel={`Create ${BRAND.vendor} Job`}
      isSubmitting={create.isPending}
      canSubmit={Object.keys(form.molecules).length > 0}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
