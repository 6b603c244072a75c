import { BRAND, defaultIqmJobForm } from '@hivqe/contract';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { IqmResourceFields } from '../../jobs/components/form/iqm-resource-fields.tsx';
import { JobCreateFormDialog } from '../../jobs/components/job-create-form-dialog.tsx';
import { useCreateIqmJob } from '../api/create-iqm-job.ts';
import { IQM_FORM_DEVICE_OPTIONS } from '../iqm-devices.ts';
import { CREATE_IQM_JOB_MESSAGES } from './iqm-job-create-wizard.tsx';

/**
 * The newer single-page form on the IQM path (jobs.md 2.7): its device and the read-only IQM resources in
 * 'Resource and Device'. It sends the same payload as the IQM wizard.
 */
export function IqmJobCreateFormDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const create = useCreateIqmJob();
  return (
    <JobCreateFormDialog
      title={`Create ${BRAND.vendorCloud} Job`}
      submitLabel={`Create ${BRAND.vendor} Job`}
      initialForm={defaultIqmJobForm({ iqm_api_key: apiKey })}
      resources={({ form, onChange }) => (
        <>
          <SelectField
            label="Quantum Device"
            value={form.device}
            options={IQM_FORM_DEVICE_OPTIONS}
            onChange={(device) => onChange({ device })}
          />
          <IqmResourceFields form={form} apiKey={apiKey} />
        </>
      )}
      onCreate={create.mutateAsync}
      failureMessage={CREATE_IQM_JOB_MESSAGES.failure}
      onClose={onClose}
    />
  );
}
