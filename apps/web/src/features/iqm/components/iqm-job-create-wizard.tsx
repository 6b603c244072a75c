import {
  BRAND,
  IQM_WIZARD_DEFAULT_DEVICE,
  IQM_WIZARD_DEVICES,
  defaultIqmJobForm,
  maskApiKey,
} from '@hivqe/contract';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { FormSection } from '../../jobs/components/form/form-section.tsx';
import { IqmResourceFields } from '../../jobs/components/form/iqm-resource-fields.tsx';
import { JobSummary } from '../../jobs/components/form/job-summary.tsx';
import {
  AdvancedParametersSection,
  MoleculesSection,
  OrbitalConfigurationSection,
  WizardBasicSections,
} from '../../jobs/components/form/wizard-sections.tsx';
import { JobWizard, type WizardStep } from '../../jobs/components/job-wizard.tsx';
import { useJobWizard } from '../../jobs/use-job-wizard.ts';
import { useCreateIqmJob } from '../api/create-iqm-job.ts';
import { LOCAL_JOB_RESOURCES } from '../../jobs/job-resources.ts';
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

/**
 * The IQM job wizard (jobs.md 2.10): five numbered steps, each named in Korean (in English where no font can draw
 * Korean) and described in English.
 */
export function IqmJobCreateWizard({ apiKey, onClose, onCreated }: IqmJobCreateWizardProps) {
  const { form, update, fields, wizardProps } = useJobWizard(
    () => ({ ...defaultIqmJobForm({ iqm_api_key: apiKey }), device: IQM_WIZARD_DEFAULT_DEVICE }),
    useCreateIqmJob(),
    CREATE_IQM_JOB_MESSAGES.failure,
    onCreated,
  );

  const steps: WizardStep[] = [
    {
      title: '기본 설정',
      fallbackTitle: 'Basic Settings',
      description: 'Basic settings and device',
      content: (
        <>
          <WizardBasicSections
            fields={fields}
            device={
              <SelectField
                label="Quantum Device"
                value={form.device}
                options={IQM_WIZARD_DEVICES}
                onChange={(device) => update({ device })}
              />
            }
          />
          <OrbitalConfigurationSection {...fields} />
        </>
      ),
    },
    {
      title: '분자 및 정확한 에너지',
      fallbackTitle: 'Molecules and Exact Energies',
      description: 'Molecules and exact energies',
      content: <MoleculesSection {...fields} />,
    },
    {
      title: '고급 매개변수',
      fallbackTitle: 'Advanced Parameters',
      description: 'Advanced parameters',
      content: <AdvancedParametersSection {...fields} />,
    },
    {
      title: '리소스 확인',
      fallbackTitle: 'Resource Confirmation',
      description: 'Resource confirmation',
      content: (
        <FormSection title="Resource Configuration">
          <IqmResourceFields form={form} apiKey={apiKey} />
        </FormSection>
      ),
    },
    {
      title: '검토 및 생성',
      fallbackTitle: 'Review and Create',
      description: 'Review and create',
      content: (
        <JobSummary
          form={form}
          deviceLabel={iqmDeviceLabel(form.device)}
          resources={[
            { label: 'API Key', value: maskApiKey(apiKey) },
            { label: 'Instance Type', value: form.instance_type },
            { label: 'Provider', value: BRAND.vendorCloud },
            { label: 'S3 Bucket', value: LOCAL_JOB_RESOURCES.bucket },
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
      {...wizardProps}
      onClose={onClose}
    />
  );
}
