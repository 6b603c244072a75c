import { BRAND, maskApiKey, type JobForm } from '@hivqe/contract';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { LOCAL_JOB_RESOURCES } from '../../job-resources.ts';

/**
 * The IQM path's resources, read-only (jobs.md 2.6 step 4): the key as '***' and its last 10 characters, the
 * instance type and IQM Resonance. `apiKey` may be the server's masked form. No bucket: jobs.md names one after
 * the key, but an IQM job's loop runs on this server and its results stay here (issue 11 §4: name only what is used).
 */
export function IqmResourceFields({ form, apiKey }: { form: JobForm; apiKey: string }) {
  return (
    <>
      <FormField label="API Key" value={maskApiKey(apiKey)} readOnly />
      <FormField label="Instance Type" value={form.instance_type} readOnly />
      <FormField label="Provider" value={BRAND.vendorCloud} readOnly />
      <FormField label="S3 Bucket" value={LOCAL_JOB_RESOURCES.bucket} readOnly />
    </>
  );
}
