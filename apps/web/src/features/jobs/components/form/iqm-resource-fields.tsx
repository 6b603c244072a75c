import { BRAND, iqmBucketName, maskApiKey, type JobForm } from '@hivqe/contract';
import { FormField } from '../../../../components/ui/form-field.tsx';

/**
 * The IQM path's resources, read-only (jobs.md 2.6 step 4): the key as '***' and its last 10 characters, the
 * instance type, IQM Resonance, and the bucket named after the key. `apiKey` may be the server's masked form.
 */
export function IqmResourceFields({ form, apiKey }: { form: JobForm; apiKey: string }) {
  return (
    <>
      <FormField label="API Key" value={maskApiKey(apiKey)} readOnly />
      <FormField label="Instance Type" value={form.instance_type} readOnly />
      <FormField label="Provider" value={BRAND.vendorCloud} readOnly />
      <FormField label="S3 Bucket" value={iqmBucketName(apiKey)} readOnly />
    </>
  );
}
