import type { CreateHybridJobResponse, JobForm } from '@hivqe/contract';
import { useCreateHybridJob } from '../api/create-hybrid-job.ts';
import { CloudResourceDeviceFields } from './form/cloud-resource-device-fields.tsx';
import { CREATE_JOB_MESSAGES } from './hybrid-job-create-wizard.tsx';
import { JobCreateFormDialog } from './job-create-form-dialog.tsx';

/** The newer form on the cloud path: the empty list's 'Create Your First Job' and Clone open it. */
export function HybridJobCreateFormDialog({
  initialForm,
  onCreated,
  onClose,
}: {
  initialForm: JobForm;
  /** With the server's answer (the job, or with several molecules the scan); absent, a success closes. */
  onCreated?: (created: CreateHybridJobResponse) => void;
  onClose: () => void;
}) {
  const create = useCreateHybridJob();
  return (
    <JobCreateFormDialog
      title="Create HI-VQE Job"
      submitLabel="Create Job"
      initialForm={initialForm}
      resources={(fields) => <CloudResourceDeviceFields {...fields} />}
      onCreate={create.mutateAsync}
      failureMessage={CREATE_JOB_MESSAGES.failure}
      onCreated={onCreated}
      onClose={onClose}
    />
  );
}
