import type { JobForm } from '@hivqe/contract';
import { useCreateHybridJob } from '../api/create-hybrid-job.ts';
import { CloudResourceDeviceFields } from './form/cloud-resource-device-fields.tsx';
import { JobCreateFormDialog } from './job-create-form-dialog.tsx';

/** The newer form on the cloud path: the empty list's 'Create Your First Job' and Clone open it. */
export function HybridJobCreateFormDialog({
  initialForm,
  onClose,
}: {
  initialForm: JobForm;
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
      onClose={onClose}
    />
  );
}
