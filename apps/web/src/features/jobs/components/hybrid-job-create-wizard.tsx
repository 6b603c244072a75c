import { WIZARD_DEVICES, findDevice, type CreateHybridJobResponse, type JobForm } from '@hivqe/contract';
import { useAccountSettings } from '../../account/api/get-account-settings.ts';
import { useCreateHybridJob } from '../api/create-hybrid-job.ts';
import { cloudJobResources } from '../job-resources.ts';
import { WIZARD_VARIANT } from '../job-form-variants.ts';
import { useJobWizard } from '../use-job-wizard.ts';
import { CloudDeviceField } from './form/cloud-device-field.tsx';
import { CloudResourceFields } from './form/cloud-resource-fields.tsx';
import { FormSection } from './form/form-section.tsx';
import { JobSummary } from './form/job-summary.tsx';
import {
  AdvancedParametersSection,
  MoleculesSection,
  OrbitalConfigurationSection,
  WizardBasicSections,
} from './form/wizard-sections.tsx';
import { JobWizard, type WizardStep } from './job-wizard.tsx';

export const CREATE_JOB_MESSAGES = {
  success: 'Job created successfully!',
  failure: 'Failed to create job. Please try again.',
} as const;

interface HybridJobCreateWizardProps {
  /** The user's default cloud form; the wizard starts on the first instance type it offers. */
  initialForm: JobForm;
  onClose: () => void;
  /** With the server's answer: the job, or with several molecules the scan. */
  onCreated: (created: CreateHybridJobResponse) => void;
}

/** The 5-step 'Create HI-VQE Job' wizard (jobs.md 2.6), opened by the panel's header button. */
export function HybridJobCreateWizard({ initialForm, onClose, onCreated }: HybridJobCreateWizardProps) {
  const { form, update, fields, wizardProps } = useJobWizard(
    () => ({ ...initialForm, instance_type: WIZARD_VARIANT.instanceTypes[0] }),
    useCreateHybridJob(),
    CREATE_JOB_MESSAGES.failure,
    onCreated,
  );
  const resources = cloudJobResources(useAccountSettings().data, form);

  const steps: WizardStep[] = [
    {
      title: 'Basic Info',
      description: 'Permission source, device and algorithm',
      content: (
        <WizardBasicSections
          fields={fields}
          device={
            <CloudDeviceField
              devices={WIZARD_DEVICES}
              value={form.device}
              onChange={(device) => update({ device })}
            />
          }
        />
      ),
    },
    {
      title: 'Molecule',
      description: 'Orbitals, circuit and molecules',
      content: (
        <>
          <OrbitalConfigurationSection {...fields} />
          <MoleculesSection {...fields} />
        </>
      ),
    },
    {
      title: 'Advanced',
      description: 'Convergence and screening',
      content: <AdvancedParametersSection {...fields} />,
    },
    {
      title: 'Resources',
      description: 'Account, instance and storage',
      content: (
        <FormSection title="Resource Configuration">
          <CloudResourceFields {...fields} resources={resources} />
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
            { label: 'Account ID', value: resources?.account ?? '-' },
            { label: 'Instance Type', value: form.instance_type },
            { label: 'Region', value: form.aws_default_region },
            { label: 'S3 Bucket', value: resources?.bucket ?? '-' },
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
      {...wizardProps}
      onClose={onClose}
    />
  );
}
